//===- RuntimeInclude.cpp - Where the runtime is included -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/RuntimeInclude.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

RuntimeInclude runtimeIncludeFor(FileID File, llvm::StringRef Header,
                                 const SourceManager &SM,
                                 const LangOptions &LangOpts) {
  llvm::StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  // The first token, comments skipped; the raw lexer sees directives as
  // tokens too, so this is also before the first `#`.
  Lexer Lex(SM.getLocForStartOfFile(File), LangOpts, Buffer.begin(),
            Buffer.begin() + Start, Buffer.end());
  Token First;
  Lex.LexFromRawLexer(First);
  size_t Offset = SM.getFileOffset(First.getLocation());
  if (First.is(tok::eof))
    Offset = Buffer.size();
  // The start of its line (rfind looks before Offset), past the BOM.
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? Start
                                                 : std::max(LineStart + 1, Start);

  size_t FirstNewline = Buffer.find('\n');
  bool CRLF = FirstNewline != llvm::StringRef::npos && FirstNewline > 0 &&
              Buffer[FirstNewline - 1] == '\r';
  llvm::StringRef EOL = CRLF ? "\r\n" : "\n";
  unsigned NextLine =
      SM.getLineNumber(File, static_cast<unsigned>(LineStart));
  std::string Text = "#include <" + Header.str() + ">" + EOL.str();
  // At the very end of a file with no newline, there is no next line.
  if (LineStart < Buffer.size())
    Text += "#line " + std::to_string(NextLine) + EOL.str();
  else if (!Buffer.empty() && !Buffer.ends_with("\n"))
    Text = EOL.str() + Text;
  return {SM.getComposedLoc(File, static_cast<unsigned>(LineStart)),
          std::move(Text)};
}

} // namespace cdp
