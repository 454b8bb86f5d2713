# Prints how a file's lines end: "crlf N" when every line ends in CRLF,
# else each bare LF's and stray CR's line number.
import re
import sys

text = open(sys.argv[1], "rb").read()
bad = []
for match in re.finditer(rb"(?<!\r)\n|\r(?!\n)", text):
    bad.append(text.count(b"\n", 0, match.start()) + 1)
print("crlf %d" % text.count(b"\r\n") if not bad else
      "mixed at lines " + " ".join(map(str, bad)))
