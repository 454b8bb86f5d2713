"""Blanks the lit and FileCheck directives in a file's // comments.

A lowered file keeps the comments of its input, so a test that runs
FileCheck on the output of its own source would find each CHECK line in
its own copy and could not fail. Tests pipe such output through this
script (%strip-checks in lit.cfg.py); like clang-tidy's check_clang_tidy.py
it leaves `//` in place of each directive, so every line keeps its number.
"""
import re
import sys

DIRECTIVE = re.compile(r"//+\s*[A-Z][A-Z0-9_]*(-[A-Z0-9_]+)*(\{LITERAL\})?:.*$")


def main():
    if len(sys.argv) > 2:
        sys.exit("usage: strip-checks.py [file]")
    text = open(sys.argv[1]).read() if len(sys.argv) == 2 else sys.stdin.read()
    sys.stdout.write("\n".join(DIRECTIVE.sub("//", line)
                               for line in text.split("\n")))


if __name__ == "__main__":
    main()
