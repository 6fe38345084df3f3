"""`triton.Config`, `@triton.autotune` and `@triton.heuristics` with
upstream's behaviour, on our compiler and launcher.

    @triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4),
                              triton.Config({"BLOCK": 1024}, num_warps=8)],
                     key=["n"])
    @triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
    @triton.jit
    def kernel(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr): ...

    kernel[grid](x, n)      # times every config once per key, then the best

The autotuner keys its choice as upstream does: the values of the `key`
arguments and the dtypes of the array arguments. It times each config on
the GPU with CUDA events (median of `rep` launches after `warmup`),
zeroing `reset_to_zero` arrays and restoring `restore_value` arrays around
each timed launch, and keeps the fastest in `cache` (`best_config` is the
last choice). `warmup(...)` compiles every config without launching.
"""

from __future__ import annotations

import statistics

from .jit import JITFunction


def next_power_of_2(n: int) -> int:
    """The smallest power of two >= n (1 for n <= 1), as upstream's."""
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


class Config:
    """One point of an autotuning space: meta-parameters (`kwargs`) and
    launch options."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None):
        self.kwargs = dict(kwargs)
        self.num_warps, self.num_stages, self.num_ctas = num_warps, num_stages, num_ctas
        self.maxnreg, self.pre_hook = maxnreg, pre_hook

    def all_kwargs(self):
        out = {**self.kwargs, "num_warps": self.num_warps, "num_stages": self.num_stages}
        if self.maxnreg is not None:
            out["maxnreg"] = self.maxnreg
        return out

    def __str__(self):
        parts = [f"{k}: {v}" for k, v in self.kwargs.items()]
        parts += [f"num_warps: {self.num_warps}", f"num_stages: {self.num_stages}", f"num_ctas: {self.num_ctas}"]
        return ", ".join(parts)

    __repr__ = __str__


def _base_jit(fn):
    while not isinstance(fn, JITFunction):
        fn = fn.fn
    return fn


class Heuristics:
    """Meta-parameters computed from the arguments before launch."""

    def __init__(self, fn, values):
        self.fn, self.values = fn, dict(values)
        self.__name__ = getattr(fn, "__name__", "kernel")

    def _with_values(self, args, kwargs):
        named = dict(zip([p for p, _ in _base_jit(self.fn).params()], args))
        named.update(kwargs)
        extra = {}
        for name, compute in self.values.items():
            extra[name] = compute({**named, **extra})
        return {**kwargs, **extra}

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.fn[grid](*args, **self._with_values(args, kwargs))

        return launcher

    def warmup(self, *args, **kwargs):
        return self.fn.warmup(*args, **self._with_values(args, kwargs))

    def params(self):
        return _base_jit(self.fn).params()


def heuristics(values):
    return lambda fn: Heuristics(fn, values)


class Autotuner:
    def __init__(
        self,
        fn,
        configs,
        key,
        prune_configs_by=None,
        reset_to_zero=None,
        restore_value=None,
        warmup=25,
        rep=100,
        do_bench=None,
    ):
        self.fn = fn
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.configs = list(configs) or [Config({})]
        self.key = list(key)
        self.prune = prune_configs_by or {}
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        self.warmup_ms, self.rep = warmup, rep
        self.do_bench = do_bench
        self.cache = {}
        self.best_config = None
        self.bench_times = {}

    def params(self):
        return _base_jit(self.fn).params()

    def _named(self, args, kwargs):
        named = dict(zip([p for p, _ in self.params()], args))
        named.update(kwargs)
        return named

    def _key(self, named):
        key = [named.get(k) for k in self.key]
        key += [str(v.dtype) for v in named.values() if hasattr(v, "dtype")]
        return tuple(key)

    def _pruned(self, named, kwargs):
        configs = self.configs
        early = self.prune.get("early_config_prune")
        if early:
            configs = list(early(configs, named, **kwargs))
        model, top_k = self.prune.get("perf_model"), self.prune.get("top_k")
        if model and top_k:
            k = int(top_k * len(configs)) if isinstance(top_k, float) else top_k
            configs = sorted(configs, key=lambda c: model(**named, **c.all_kwargs()))[: max(1, k)]
        return configs

    def _clashes(self, config, kwargs):
        clash = set(config.kwargs) & set(kwargs)
        if clash:
            raise ValueError(
                f"{self.__name__}: {', '.join(sorted(clash))} is both an autotuned "
                f"meta-parameter and a launch argument"
            )

    def _launch(self, grid, config, args, kwargs):
        self._clashes(config, kwargs)
        if config.pre_hook:
            config.pre_hook(self._named(args, {**kwargs, **config.all_kwargs()}))
        return self.fn[grid](*args, **kwargs, **config.all_kwargs())

    def _time(self, grid, config, args, kwargs):
        named = self._named(args, kwargs)
        saved = {n: named[n].clone() for n in self.restore_value if n in named}

        def once():
            for n in self.reset_to_zero:
                named[n].zero_()
            self._launch(grid, config, args, kwargs)

        if self.do_bench:
            ms = self.do_bench(once)
        else:
            ms = _bench(once, self.warmup_ms, self.rep)
        for n, value in saved.items():
            named[n].copy_(value)
        return ms

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            named = self._named(args, kwargs)
            key = self._key(named)
            if key not in self.cache:
                configs = self._pruned(named, kwargs)
                if len(configs) == 1:
                    self.cache[key] = configs[0]
                else:
                    times = {i: self._time(grid, c, args, kwargs) for i, c in enumerate(configs)}
                    self.bench_times[key] = {str(configs[i]): t for i, t in times.items()}
                    self.cache[key] = configs[min(times, key=times.get)]
            self.best_config = self.cache[key]
            return self._launch(grid, self.best_config, args, kwargs)

        return launcher

    def warmup(self, *args, **kwargs):
        """Compiles every config (after pruning) without launching."""
        named = self._named(args, kwargs)
        out = []
        for config in self._pruned(named, kwargs):
            self._clashes(config, kwargs)
            out.append(self.fn.warmup(*args, **kwargs, **config.all_kwargs()))
        return out


def autotune(
    configs,
    key,
    prune_configs_by=None,
    reset_to_zero=None,
    restore_value=None,
    pre_hook=None,
    post_hook=None,
    warmup=25,
    rep=100,
    use_cuda_graph=False,
    do_bench=None,
    cache_results=False,
):
    del pre_hook, post_hook, use_cuda_graph, cache_results  # accepted, unused
    return lambda fn: Autotuner(fn, configs, key, prune_configs_by, reset_to_zero, restore_value, warmup, rep, do_bench)


def _bench(fn, warmup_ms, rep):
    """Median milliseconds of `fn` over `rep` launches (CUDA events through
    the driver API) after about `warmup_ms` of warm-up launches."""
    from .driver import Driver

    driver = Driver()
    fn()
    driver.synchronize()
    start, end = driver.event(), driver.event()
    driver.record(start)
    fn()
    driver.record(end)
    first = max(driver.elapsed_ms(start, end), 1e-3)
    for _ in range(max(1, int(warmup_ms / first))):
        fn()
    times = []
    for _ in range(max(1, rep)):
        driver.record(start)
        fn()
        driver.record(end)
        times.append(driver.elapsed_ms(start, end))
    return statistics.median(times)
