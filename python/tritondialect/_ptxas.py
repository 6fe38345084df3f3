"""ptxas started before the PTX exists.

Upstream's `cubin` stage runs ptxas as a process on the PTX our `ttgir`
stage made. A ptxas process spends much of a small kernel's time setting
itself up before it opens its input: on the H200 host with upstream's
bundled ptxas 12.8, `add_f32` takes 16.6 ms, 8.8 ms of it after the open,
and the 32 corpus kernels lose a median of a third of their ptxas time
(docs/gpu-runs, session 32). So the hook starts ptxas when the compilation
starts, with the command line upstream's stage will use, held at the open
of its input by libtritondialect_ptxas_gate.so (python/src/PtxasGate.c),
and upstream's stage finds it already running:

- our `ttgir` stage writes the PTX where ptxas waits and opens the gate as
  soon as the PTX exists (release()), so ptxas compiles it while
  upstream's `llir` and `ptx` stages and its bookkeeping between stages
  run. (Without release(), the cubin stage links its PTX file there.)
- upstream's own `make_cubin` still runs: it writes the PTX and the log
  file, builds its ptxas command and reads the cubin. Only its call of
  `subprocess.run` is answered by the running ptxas, when that command is
  the one predicted (the paths of its input and output aside) and its
  input file holds the PTX ptxas was given; the cubin and log are moved to
  where upstream's stage reads them as soon as ptxas's main returns (the
  gate library reports its status then), while the process still tears
  itself down; it is reaped later.
- anything else (another command, PTX replaced after our stage, a ptxas
  that failed or was never gated, no gate library) runs upstream's command
  as upstream would, so errors and their messages are upstream's.

The cubin is the one the same ptxas makes from the same command: ptxas does
not read its input's name into the cubin (checked byte for byte on the
corpus, test/Python/early-ptxas.test and the GPU runs).
TRITONDIALECT_EARLY_PTXAS=0 turns this off.
"""

import atexit
import concurrent.futures
import os
import shutil
import subprocess
import tempfile
import threading
import weakref

_HERE = os.path.dirname(os.path.abspath(__file__))
GATE_LIBRARY = os.path.join(_HERE, "libtritondialect_ptxas_gate.so")
CANCELLED = 125  # PtxasGate.c's exit status when the gate is closed unopened

stats = {"started": 0, "used": 0, "missed": 0, "cancelled": 0}
_current = threading.local()


def enabled():
    return os.environ.get("TRITONDIALECT_EARLY_PTXAS", "1") not in ("0", "off", "false") and os.path.exists(
        GATE_LIBRARY
    )


_exiting = []  # ptxas processes past main, tearing themselves down


def _reap():
    _exiting[:] = [p for p in _exiting if p.poll() is None]


@atexit.register
def _reap_all():
    for process in _exiting:
        process.wait()
    _exiting.clear()


def _close(fd):
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def _cleanup(process, fds, folder):
    """Closes the gate unopened (a waiting ptxas exits) and removes the
    files; a ptxas still running is stopped. `fds` is a list, emptied."""
    while fds:
        _close(fds.pop())
    if process is not None and process.poll() is None:
        process.kill()
        process.wait()
    shutil.rmtree(folder, ignore_errors=True)


class EarlyPtxas:
    """One ptxas process, started with `prefix + [input, "-o", output]` and
    held at the open of its input until finish() or cancel()."""

    def __init__(self, prefix):
        _reap()
        self.prefix = list(prefix)
        self.folder = tempfile.mkdtemp(prefix="tritondialect-ptxas-")
        self.input = os.path.join(self.folder, "kernel.ptx")
        self.output = self.input + ".o"
        self.log = os.path.join(self.folder, "kernel.log")
        gate_read, gate = os.pipe()
        done, done_write = os.pipe()
        # [gate, done]: what the finalizer closes, emptied once closed.
        self._fds = [gate, done]
        env = dict(os.environ)
        env["LD_PRELOAD"] = ":".join(p for p in (GATE_LIBRARY, env.get("LD_PRELOAD")) if p)
        env["TRITONDIALECT_PTXAS_GATE_FD"] = str(gate_read)
        env["TRITONDIALECT_PTXAS_GATE_PATH"] = self.input
        env["TRITONDIALECT_PTXAS_DONE_FD"] = str(done_write)
        self.process = None
        self.released = None  # the PTX bytes release() gave ptxas
        try:
            with open(self.log, "wb") as log:
                self.process = subprocess.Popen(
                    self.prefix + [self.input, "-o", self.output],
                    env=env,
                    pass_fds=(gate_read, done_write),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=log,
                )
        except BaseException:
            _cleanup(None, [gate_read, done_write] + self._fds, self.folder)
            raise
        finally:
            if self.process is not None:
                _close(gate_read)
                _close(done_write)
        # A compilation that stops before its cubin stage leaves no process.
        self._finalizer = weakref.finalize(self, _cleanup, self.process, self._fds, self.folder)

    def matches(self, command):
        return (
            isinstance(command, (list, tuple))
            and len(command) == len(self.prefix) + 3
            and list(command[: len(self.prefix)]) == self.prefix
            and command[-2] == "-o"
        )

    def _status(self):
        """ptxas's status once its main has returned (PtxasGate.c writes it
        before the process tears itself down), else its exit status."""
        byte = b""
        try:
            byte = os.read(self._fds[1], 1)
        except OSError:
            pass
        if byte:
            return byte[0]
        return self.process.wait()

    def release(self, ptx):
        """Gives ptxas `ptx` now, before upstream's later stages run: the
        gate opens on it at once. finish() then answers only for a command
        whose input file holds the same text. False when it could not."""
        data = ptx.encode()
        try:
            with open(self.input, "wb") as f:
                f.write(data)
            os.write(self._fds[0], b"g")
        except OSError:
            self.cancel()
            return False
        self.released = data
        return True

    def _same_input(self, source):
        try:
            with open(source, "rb") as f:
                return f.read() == self.released
        except OSError:
            return False

    def finish(self, command, stderr):
        """What `subprocess.run(command, check=True, stderr=stderr)` would
        return, from the running ptxas; None when it cannot answer for it
        (then nothing of `command`'s outputs has been touched)."""
        source, target = command[-3], command[-1]
        log_name = getattr(stderr, "name", None)
        if not self.matches(command) or not isinstance(log_name, str):
            return self._miss()
        if self.released is not None:
            if not self._same_input(source):  # the PTX changed since (an override)
                return self._miss()
        else:
            try:
                try:
                    os.link(source, self.input)
                except OSError:
                    shutil.copyfile(source, self.input)
                os.write(self._fds[0], b"g")
            except OSError:
                return self._miss()
        if self._status() != 0 or not os.path.exists(self.output):
            # Upstream's command runs again and reports its own error.
            return self._miss()
        shutil.move(self.output, target)
        with open(self.log, "rb") as log, open(log_name, "ab") as out:
            shutil.copyfileobj(log, out)
        # Its main has returned: let it finish exiting on its own.
        _exiting.append(self.process)
        self._finalizer.detach()
        _cleanup(None, self._fds, self.folder)
        stats["used"] += 1
        return subprocess.CompletedProcess(list(command), 0)

    def _miss(self):
        """Upstream's own ptxas call runs instead of this one."""
        self.cancel()
        stats["missed"] += 1
        return None

    def close_gate(self):
        """Closes the gate without opening it: ptxas exits with CANCELLED
        when it reaches its input."""
        _close(self._fds[0])
        self._fds[0] = None

    def cancel(self):
        if self._finalizer.alive:
            self._finalizer()


class SubprocessWithEarlyPtxas:
    """Stands for the `subprocess` module in upstream's CUDA compiler module:
    `run` is answered by the thread's EarlyPtxas when there is one for
    this call; everything else is the real module."""

    def __getattr__(self, name):
        return getattr(subprocess, name)

    def run(self, *args, **kwargs):
        early = getattr(_current, "early", None)
        if early is not None and args:
            _current.early = None
            result = early.finish(args[0], kwargs.get("stderr"))
            if result is not None:
                return result
        return subprocess.run(*args, **kwargs)


_starter = []  # the worker threads that start ptxas processes, made on first use
_starter_lock = threading.Lock()


class Starting:
    """An EarlyPtxas started on a worker thread: spawning the process takes
    0.6-1.1 ms on the H200 host (docs/gpu-runs, session 32), which the
    compilation, running meanwhile with the GIL released, need not wait for.
    get() waits for it and returns the EarlyPtxas, or None where it could
    not start."""

    def __init__(self, prefix):
        with _starter_lock:
            if not _starter:
                _starter.append(concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="tritondialect-ptxas"))
        self._future = _starter[0].submit(_start_or_none, list(prefix))
        stats["started"] += 1

    def get(self):
        return self._future.result()

    def release(self, ptx):
        """EarlyPtxas.release, once the process has started."""
        early = self.get()
        return early is not None and early.release(ptx)

    def cancel(self):
        """Stops the process; False where none started."""
        early = self.get()
        if early is None:
            return False
        early.cancel()
        return True


def _start_or_none(prefix):
    try:
        return EarlyPtxas(prefix)
    except Exception:  # no process: upstream's stage runs its own ptxas
        return None


def run_with(early, stage, *args):
    """Runs upstream's cubin stage with `early` answering its ptxas call."""
    _current.early = early
    try:
        return stage(*args)
    finally:
        _current.early = None
        early.cancel()
