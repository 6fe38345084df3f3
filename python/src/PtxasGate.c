/*===- PtxasGate.c - hold ptxas at its input until the PTX exists --------===//
//
// libtritondialect_ptxas_gate.so, preloaded (LD_PRELOAD) into a ptxas that
// tritondialect starts before our pipeline has made the kernel's PTX. ptxas
// spends about half of a small kernel's time setting itself up before it
// opens its input (H200 host, ptxas 12.8: add_f32 16.6 ms, 8.8 ms of it
// after the input is opened), and that part runs while we compile.
//
// The first time ptxas opens the path named by TRITONDIALECT_PTXAS_GATE_PATH,
// the open waits for one byte on the file descriptor named by
// TRITONDIALECT_PTXAS_GATE_FD (a pipe from the parent):
// - 'g': the PTX is in place; the open goes ahead.
// - anything else, or the end of the pipe (the parent cancelled the
//   compilation or died): ptxas exits at once with status 125, before it
//   reads anything.
// Other opens, and every open without those variables, go straight to
// libc. ptxas 12.8 opens its input with fopen, 13.0 with fopen and open;
// all the usual entry points are covered.
//
// When ptxas's main returns, everything it wrote is flushed and the low
// byte of its status is written to the descriptor named by
// TRITONDIALECT_PTXAS_DONE_FD, before the process tears itself down
// (2.6-3 ms of freeing and unmapping on the development machine): the
// cubin can be read then. A ptxas that exits from inside main (its errors)
// writes nothing; the pipe's end tells the parent to wait for the status.
//
//===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kCancelled = 125 };

/* The interposed libc functions must stay visible from this library. */
#define EXPORT __attribute__((visibility("default")))

static pthread_mutex_t gateMutex = PTHREAD_MUTEX_INITIALIZER;
static int gateOpen; /* 1 once released (or when there is no gate) */

static void waitAtGate(const char *path) {
  if (!path)
    return;
  pthread_mutex_lock(&gateMutex);
  if (!gateOpen) {
    const char *fdText = getenv("TRITONDIALECT_PTXAS_GATE_FD");
    const char *gatePath = getenv("TRITONDIALECT_PTXAS_GATE_PATH");
    if (!fdText || !gatePath) {
      gateOpen = 1;
    } else if (strcmp(path, gatePath) == 0) {
      int fd = atoi(fdText);
      char byte = 0;
      ssize_t n;
      do
        n = read(fd, &byte, 1);
      while (n < 0 && errno == EINTR);
      close(fd);
      if (n != 1 || byte != 'g')
        _exit(kCancelled);
      gateOpen = 1;
    }
  }
  pthread_mutex_unlock(&gateMutex);
}

static void *next(const char *name) { return dlsym(RTLD_NEXT, name); }

typedef int (*MainFn)(int, char **, char **);
static MainFn realMain;

static int mainThenSignal(int argc, char **argv, char **envp) {
  int status = realMain(argc, argv, envp);
  const char *fdText = getenv("TRITONDIALECT_PTXAS_DONE_FD");
  if (fdText) {
    int fd = atoi(fdText);
    unsigned char byte = (unsigned char)status;
    fflush(NULL);
    ssize_t n;
    do
      n = write(fd, &byte, 1);
    while (n < 0 && errno == EINTR);
    close(fd);
  }
  return status;
}

typedef int (*StartMainFn)(MainFn, int, char **, void (*)(void), void (*)(void),
                           void (*)(void), void *);

EXPORT int __libc_start_main(MainFn main, int argc, char **argv,
                             void (*init)(void), void (*fini)(void),
                             void (*rtldFini)(void), void *stackEnd) {
  StartMainFn real = (StartMainFn)next("__libc_start_main");
  realMain = main;
  return real(mainThenSignal, argc, argv, init, fini, rtldFini, stackEnd);
}

typedef FILE *(*FopenFn)(const char *, const char *);
typedef int (*OpenFn)(const char *, int, ...);

static FILE *gatedFopen(FopenFn *real, const char *name, const char *path,
                        const char *mode) {
  if (!*real)
    *real = (FopenFn)next(name);
  waitAtGate(path);
  return (*real)(path, mode);
}

static int gatedOpen(OpenFn *real, const char *name, const char *path,
                     int flags, mode_t mode) {
  if (!*real)
    *real = (OpenFn)next(name);
  waitAtGate(path);
  return (*real)(path, flags, mode);
}

/* open(2) takes a mode only with O_CREAT or O_TMPFILE. */
static mode_t modeOf(int flags, va_list args) {
  if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
    return (mode_t)va_arg(args, int);
  return 0;
}

/* `mode_t mode`, read from the variadic arguments after `flags`. */
#define READ_MODE(flags)                                                       \
  va_list args;                                                                \
  va_start(args, flags);                                                       \
  mode_t mode = modeOf(flags, args);                                           \
  va_end(args)

EXPORT FILE *fopen(const char *path, const char *mode) {
  static FopenFn real;
  return gatedFopen(&real, "fopen", path, mode);
}

EXPORT FILE *fopen64(const char *path, const char *mode) {
  static FopenFn real;
  return gatedFopen(&real, "fopen64", path, mode);
}

EXPORT int open(const char *path, int flags, ...) {
  static OpenFn real;
  READ_MODE(flags);
  return gatedOpen(&real, "open", path, flags, mode);
}

EXPORT int open64(const char *path, int flags, ...) {
  static OpenFn real;
  READ_MODE(flags);
  return gatedOpen(&real, "open64", path, flags, mode);
}

EXPORT int openat(int dir, const char *path, int flags, ...) {
  static int (*real)(int, const char *, int, ...);
  if (!real)
    real = (int (*)(int, const char *, int, ...))next("openat");
  READ_MODE(flags);
  waitAtGate(path);
  return real(dir, path, flags, mode);
}
