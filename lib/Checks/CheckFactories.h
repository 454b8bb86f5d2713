//===- CheckFactories.h - One constructor per check -------------*- C++ -*-===//
//
// Each check lives in its own .cpp file and exposes only its factory here;
// AllChecks.cpp maps the `-W` names of CheckOptions.cpp onto them.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKFACTORIES_H
#define CDP_LOWER_CHECKS_CHECKFACTORIES_H

#include "Checks/Check.h"

#include <memory>

namespace cdp {

std::unique_ptr<Check> createLocalPointerCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createSharedPointerCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createDeviceSynchronizeCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createSyncDepthLimitCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createCdp1StreamCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createHostDeviceLaunchCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createDeviceStreamFlagsCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createSpecialStreamEventCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createHostOnlyApiCheck(llvm::StringRef Name,
                                                CheckContext &);
std::unique_ptr<Check> createUncheckedLaunchCheck(llvm::StringRef Name,
                                                CheckContext &);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKFACTORIES_H
