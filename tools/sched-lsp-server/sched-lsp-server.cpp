//===- sched-lsp-server.cpp - MLIR language server for sched --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The MLIR language server with the sched dialect and the dialects sched-opt
// knows, so that editors understand .mlir files with sched ops. It runs on
// a thread with a large stack (deeply nested documents), and names itself
// sched-lsp-server in its answer to `initialize`: MLIR's server calls itself
// mlir-lsp-server there, so its output passes through a pipe that rewrites
// that one message. docs/Tools.md describes the editor set-up.
//
//===----------------------------------------------------------------------===//

#include "sched/InitAll.h"
#include "sched/Tools/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <thread>
#include <unistd.h>

using namespace mlir;

static llvm::cl::extrahelp
    schedHelp("\nsched-lsp-server: the MLIR language server with sched's "
              "dialects and the upstream ones sched-opt registers. Point the "
              "editor's MLIR extension at it (docs/Tools.md).\n");

/// Returns `body` with the `serverInfo` of an `initialize` result naming
/// sched-lsp-server, or `body` itself if it is another message.
static std::string renameServer(StringRef body) {
  if (!body.contains("\"serverInfo\""))
    return body.str();
  llvm::Expected<llvm::json::Value> message = llvm::json::parse(body);
  if (!message) {
    llvm::consumeError(message.takeError());
    return body.str();
  }
  llvm::json::Object *result = message->getAsObject()
                                   ? message->getAsObject()->getObject("result")
                                   : nullptr;
  llvm::json::Object *info = result ? result->getObject("serverInfo") : nullptr;
  if (!info)
    return body.str();
  (*info)["name"] = "sched-lsp-server";
  (*info)["version"] = sched::getSchedVersion().str();
  // The transport pretty-prints with a final newline in --pretty mode.
  bool pretty = body.contains('\n');
  return llvm::formatv(pretty ? "{0:2}\n" : "{0}", *message).str();
}

/// Writes all of `data` to `fd`; returns false if the reader went away.
static bool writeAll(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    data = data.drop_front(written);
  }
  return true;
}

/// Splits the first complete `Content-Length` framed message off `pending`
/// and writes it, renamed, to `out`. Returns false when `pending` holds no
/// complete message yet. Bytes that are not a message header are passed on
/// as they are.
static bool forwardOneMessage(std::string &pending, int out) {
  size_t headerEnd = pending.find("\r\n\r\n");
  if (headerEnd == std::string::npos)
    return false;
  StringRef header = StringRef(pending).take_front(headerEnd);
  size_t length = 0;
  bool found = false;
  for (StringRef line : llvm::split(header, "\r\n")) {
    if (line.consume_front("Content-Length:"))
      found = !line.trim().getAsInteger(10, length);
  }
  size_t bodyStart = headerEnd + 4;
  if (!found) {
    writeAll(out, StringRef(pending).take_front(bodyStart));
    pending.erase(0, bodyStart);
    return true;
  }
  if (pending.size() - bodyStart < length)
    return false;
  std::string body = renameServer(StringRef(pending).substr(bodyStart, length));
  writeAll(out,
           llvm::formatv("Content-Length: {0}\r\n\r\n", body.size()).str());
  writeAll(out, body);
  pending.erase(0, bodyStart + length);
  return true;
}

/// Copies the server's output from `in` to `out` message by message until
/// `in` is closed.
static void forwardMessages(int in, int out) {
  std::string pending;
  char chunk[65536];
  while (true) {
    ssize_t got = ::read(in, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    pending.append(chunk, got);
    while (forwardOneMessage(pending, out)) {
    }
  }
  writeAll(out, pending);
}

namespace {
/// The pipe between the server and the real stdout.
struct Renamer {
  /// The real stdout.
  int stdoutCopy = -1;
  /// Where the forwarder reads the server's output.
  int readEnd = -1;
  /// The thread that forwards it; null when not started or stopped.
  std::thread *forwarder = nullptr;
};
} // namespace

static Renamer renamer;

/// Points stdout back at the real one, which closes the pipe, and waits
/// until the forwarder has passed everything on. Also runs at exit(), which
/// --help, --version and option errors call.
static void stopRenaming() {
  if (!renamer.forwarder)
    return;
  llvm::outs().flush();
  ::dup2(renamer.stdoutCopy, STDOUT_FILENO);
  renamer.forwarder->join();
  delete renamer.forwarder;
  renamer.forwarder = nullptr;
  ::close(renamer.readEnd);
  ::close(renamer.stdoutCopy);
}

/// Routes stdout through the renaming pipe; returns false (and leaves
/// stdout as it is) if the pipe cannot be set up.
static bool startRenaming() {
  int copy = ::dup(STDOUT_FILENO);
  int fds[2];
  if (copy < 0)
    return false;
  if (::pipe(fds) != 0) {
    ::close(copy);
    return false;
  }
  if (::dup2(fds[1], STDOUT_FILENO) < 0) {
    ::close(copy);
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  ::close(fds[1]);
  renamer.stdoutCopy = copy;
  renamer.readEnd = fds[0];
  renamer.forwarder = new std::thread(forwardMessages, fds[0], copy);
  // llvm::outs() must outlive the handler, so it is constructed first.
  (void)llvm::outs();
  std::atexit(stopRenaming);
  return true;
}

int main(int argc, char **argv) {
  sched::registerSchedVersionPrinter();
  DialectRegistry registry;
  sched::registerAllDialects(registry);
  // Without the pipe the server still works, under MLIR's name.
  (void)startRenaming();
  int result = sched::runWithLargeStack(
      [&] { return failed(MlirLspServerMain(argc, argv, registry)) ? 1 : 0; });
  stopRenaming();
  return result;
}
