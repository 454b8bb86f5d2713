#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads the parameter layout ptxas recorded in a cubin.

For every kernel, the ELF section `.nv.info.<kernel>` holds attribute records;
EIATTR_KPARAM_INFO gives each parameter's ordinal, offset and size, and
EIATTR_PARAM_CBANK where the parameters start in constant bank 0. This is the
layout the child kernel really reads: the ground truth the tool and the runtime
must match. No cuobjdump is needed (the CI machines have none).

usage: kparam_info.py FILE.cubin     prints `kernel base ordinal:offset:size ...`
"""
import struct
import sys

EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL, EIFMT_SVAL = 1, 2, 3, 4
EIATTR_PARAM_CBANK = 0x0A
EIATTR_KPARAM_INFO = 0x17


def sections(data):
    """(name, bytes) of each section of a little-endian ELF64 file."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise ValueError("not an ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = []
    for i in range(shnum):
        name, _type, _flags, _addr, offset, size = struct.unpack_from(
            "<IIQQQQ", data, shoff + i * shentsize)
        headers.append((name, offset, size))
    _, str_off, str_size = headers[shstrndx]
    names = data[str_off:str_off + str_size]
    for name, offset, size in headers:
        end = names.index(b"\0", name)
        yield names[name:end].decode(), data[offset:offset + size]


def attributes(info):
    """(attribute, value bytes) of each record of a .nv.info section."""
    pos = 0
    while pos + 2 <= len(info):
        fmt, attr = info[pos], info[pos + 1]
        pos += 2
        if fmt == EIFMT_SVAL:
            size, = struct.unpack_from("<H", info, pos)
            pos += 2
            yield attr, info[pos:pos + size]
            pos += size
        elif fmt in (EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL):
            # Records are 4-byte units: these carry (at most) two bytes.
            yield attr, info[pos:pos + 2]
            pos += 2
        else:
            raise ValueError(f"unknown .nv.info record format {fmt}")


def kernel_layouts(data):
    """{kernel: (bank base, [(offset, size) by ordinal])} of a cubin."""
    result = {}
    for name, body in sections(data):
        if not name.startswith(".nv.info."):
            continue
        kernel = name[len(".nv.info."):]
        base, params = None, {}
        for attr, value in attributes(body):
            if attr == EIATTR_KPARAM_INFO:
                _index, ordinal, offset, flags = struct.unpack("<IHHI", value)
                params[ordinal] = (offset, (flags >> 18) & 0x3FFF)
            elif attr == EIATTR_PARAM_CBANK:
                _section, base, _size = struct.unpack("<IHH", value)
        result[kernel] = (base, [params[i] for i in sorted(params)])
    return result


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        layouts = kernel_layouts(f.read())
    for kernel in sorted(layouts):
        base, params = layouts[kernel]
        slots = " ".join(f"{i}:{o}:{s}" for i, (o, s) in enumerate(params))
        print(f"{kernel} {base if base is not None else '-'} {slots}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
