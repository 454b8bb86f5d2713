// A system header whose function body does not compile: a parse that
// skips the bodies of system headers' functions does not see it.
inline int brokenInSystemHeader() { return undeclaredInSystemHeader(); }
