//===- CheckFactories.h - One constructor per check -------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each check lives in its own .cpp file and exposes only its factory here;
// CheckRegistry.cpp maps the `-W` names onto them.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKFACTORIES_H
#define CDP_LOWER_CHECKS_CHECKFACTORIES_H

#include "Checks/Check.h"

#include <memory>

namespace cdp {

using CheckFactory = std::unique_ptr<Check>(llvm::StringRef Name,
                                            CheckContext &Context);

CheckFactory createLocalPointerCheck;
CheckFactory createSharedPointerCheck;
CheckFactory createDeviceSynchronizeCheck;
CheckFactory createSyncDepthLimitCheck;
CheckFactory createCdp1StreamCheck;
CheckFactory createHostDeviceLaunchCheck;
CheckFactory createDeviceStreamFlagsCheck;
CheckFactory createSpecialStreamEventCheck;
CheckFactory createHostOnlyApiCheck;
CheckFactory createUncheckedLaunchCheck;
CheckFactory createPdlDeviceLaunchCheck;
CheckFactory createPdlMissingSyncCheck;
CheckFactory createPdlReadBeforeSyncCheck;
CheckFactory createPdlSyncCompiledOutCheck;
CheckFactory createPdlUnsupportedArchCheck;
CheckFactory createPdlRestrictLoadCheck;
CheckFactory createPdlEarlyTriggerCheck;

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKFACTORIES_H
