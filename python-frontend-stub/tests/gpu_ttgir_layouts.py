"""TritonGPU IR files through `triton.compile(path)` and `kernel[grid]`,
against torch: scans, reductions and layout conversions written directly
in layouts the layout passes would not pick (nvidia_mma v2 and v3, their dot
operands, a #ttg.linear that broadcasts over lanes and reaches past the
tensor), 2-D conversions between them, some through shared memory in a
swizzled layout, as upstream's test_core builds them.

    python3 tests/gpu_ttgir_layouts.py prepare CACHE   # here: compile to CACHE
    python3 tests/gpu_ttgir_layouts.py run CACHE       # GPU machine: launch, compare

`prepare` writes each kernel's .ttgir into CACHE and compiles it (the PTX
is cached by its text); `run` compiles the same files, which finds the PTX
in the cache, and launches them. Inputs are small integers, so every
result is exact.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import triton_stub as triton  # noqa: E402


def _list(v):
    return "[" + ", ".join(str(x) for x in v) + "]"


def blocked(spt, tpw, wpc, order):
    return (f"#ttg.blocked<{{sizePerThread = {_list(spt)}, threadsPerWarp = {_list(tpw)}, "
            f"warpsPerCTA = {_list(wpc)}, order = {_list(order)}}}>")


def mma(major, wpc, instr):
    return (f"#ttg.nvidia_mma<{{versionMajor = {major}, versionMinor = 0, "
            f"warpsPerCTA = {_list(wpc)}, instrShape = {_list(instr)}}}>")


def dot_op(parent, idx, k_width):
    return f"#ttg.dot_op<{{opIdx = {idx}, parent = {parent}, kWidth = {k_width}}}>"


# Registers cover dim 0 and part of dim 1, lanes only dim 1 (each row is in
# every lane), warps reach past 32: one layout for every shape below.
LINEAR = ("#ttg.linear<{register = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
          "lane = [[0, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[32, 0], [0, 32]], "
          "block = []}>")

# (name, layout, warps, smallest M and N it tiles)
LAYOUTS = [
    ("blocked", blocked([1, 4], [8, 4], [4, 1], [1, 0]), 4, 1),
    ("blocked_col", blocked([2, 2], [4, 8], [2, 2], [0, 1]), 4, 1),
    ("mma_v2", mma(2, [2, 4], [16, 8]), 8, 16),
    ("mma_v3", mma(3, [4, 1], [16, 32, 8]), 4, 64),
    ("dot_v2_b", dot_op(mma(2, [2, 4], [16, 8]), 1, 8), 8, 16),
    ("dot_v3_a", dot_op(mma(3, [8, 1], [16, 32, 16]), 0, 2), 8, 64),
    ("linear", LINEAR, 4, 1),
]


def module(warps, layouts, body, params):
    aliases = "\n".join(f"#{n} = {v}" for n, v in layouts.items())
    return (f"{aliases}\nmodule attributes {{\"ttg.num-warps\" = {warps} : i32, "
            f"\"ttg.num-ctas\" = 1 : i32, \"ttg.threads-per-warp\" = 32 : i32}} {{\n"
            f"  tt.func public @kernel({params}) {{\n{body}    tt.return\n  }}\n}}\n")


def load_2d(M, N, ty, lay, row_stride):
    """%x: the M x N tile at %p (row stride `row_stride`, an SSA value) in #lay."""
    s0, s1 = f"#ttg.slice<{{dim = 1, parent = #{lay}}}>", f"#ttg.slice<{{dim = 0, parent = #{lay}}}>"
    return f"""    %r = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {s0}>
    %r2 = tt.expand_dims %r {{axis = 1 : i32}} : tensor<{M}xi32, {s0}> -> tensor<{M}x1xi32, #{lay}>
    %rs = tt.splat {row_stride} : i32 -> tensor<{M}x1xi32, #{lay}>
    %ro = arith.muli %r2, %rs : tensor<{M}x1xi32, #{lay}>
    %c = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, {s1}>
    %c2 = tt.expand_dims %c {{axis = 0 : i32}} : tensor<{N}xi32, {s1}> -> tensor<1x{N}xi32, #{lay}>
    %rb = tt.broadcast %ro : tensor<{M}x1xi32, #{lay}> -> tensor<{M}x{N}xi32, #{lay}>
    %cb = tt.broadcast %c2 : tensor<1x{N}xi32, #{lay}> -> tensor<{M}x{N}xi32, #{lay}>
    %off = arith.addi %rb, %cb : tensor<{M}x{N}xi32, #{lay}>
    %ps = tt.splat %p : !tt.ptr<{ty}> -> tensor<{M}x{N}x!tt.ptr<{ty}>, #{lay}>
    %pp = tt.addptr %ps, %off : tensor<{M}x{N}x!tt.ptr<{ty}>, #{lay}>, tensor<{M}x{N}xi32, #{lay}>
    %x = tt.load %pp : tensor<{M}x{N}x!tt.ptr<{ty}>, #{lay}>
"""


def scan_kernel(M, N, layout, axis):
    """out = cumsum(x, axis), i32, all in `layout`."""
    t = f"tensor<{M}x{N}xi32, #L>"
    body = load_2d(M, N, "i32", "L", "%n") + f"""    %s = "tt.scan"(%x) <{{axis = {axis} : i32, reverse = false}}> ({{
    ^bb0(%a: i32, %b: i32):
      %sum = arith.addi %a, %b : i32
      tt.scan.return %sum : i32
    }}) : ({t}) -> {t}
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<{M}x{N}x!tt.ptr<i32>, #L>
    %qp = tt.addptr %qs, %off : tensor<{M}x{N}x!tt.ptr<i32>, #L>, {t}
    tt.store %qp, %s : tensor<{M}x{N}x!tt.ptr<i32>, #L>
"""
    return module(4, {"L": layout}, body, "%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, "
                  "%n: i32, %q: !tt.ptr<i32> {tt.divisibility = 16 : i32}")


def reduce_kernel(M, N, layout, warps, axis, ty, combine, to_scalar):
    """Loaded in a blocked layout, converted to `layout`, reduced along
    `axis`; the row (or column) stored through a blocked slice, or reduced
    again to one scalar."""
    kept = N if axis == 0 else M
    b = blocked([1, 1], [32, 1], [4, warps // 4], [0, 1])
    src = f"#ttg.slice<{{dim = {axis}, parent = #S}}>"
    body = load_2d(M, N, ty, "B", "%n") + f"""    %xs = ttg.convert_layout %x : tensor<{M}x{N}x{ty}, #B> -> tensor<{M}x{N}x{ty}, #S>
    %red = "tt.reduce"(%xs) <{{axis = {axis} : i32}}> ({{
    ^bb0(%a: {ty}, %b: {ty}):
      %v = {combine} %a, %b : {ty}
      tt.reduce.return %v : {ty}
    }}) : (tensor<{M}x{N}x{ty}, #S>) -> tensor<{kept}x{ty}, {src}>
"""
    if to_scalar:
        body += f"""    %all = "tt.reduce"(%red) <{{axis = 0 : i32}}> ({{
    ^bb0(%a: {ty}, %b: {ty}):
      %v = {combine} %a, %b : {ty}
      tt.reduce.return %v : {ty}
    }}) : (tensor<{kept}x{ty}, {src}>) -> {ty}
    tt.store %q, %all : !tt.ptr<{ty}>
"""
    else:
        dst = f"#ttg.slice<{{dim = {axis}, parent = #B}}>"
        body += f"""    %rb2 = ttg.convert_layout %red : tensor<{kept}x{ty}, {src}> -> tensor<{kept}x{ty}, {dst}>
    %k = tt.make_range {{end = {kept} : i32, start = 0 : i32}} : tensor<{kept}xi32, {dst}>
    %qs = tt.splat %q : !tt.ptr<{ty}> -> tensor<{kept}x!tt.ptr<{ty}>, {dst}>
    %qp = tt.addptr %qs, %k : tensor<{kept}x!tt.ptr<{ty}>, {dst}>, tensor<{kept}xi32, {dst}>
    tt.store %qp, %rb2 : tensor<{kept}x!tt.ptr<{ty}>, {dst}>
"""
    return module(warps, {"B": b, "S": layout}, body,
                  f"%p: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}, %n: i32, "
                  f"%q: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}")


def convert_kernel(M, src, src_dim, dst, dst_dim, warps):
    """A 1-D copy loaded in a slice of `src`, stored from a slice of `dst`."""
    s = f"#ttg.slice<{{dim = {src_dim}, parent = #S}}>"
    d = f"#ttg.slice<{{dim = {dst_dim}, parent = #D}}>"
    body = f"""    %i = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {s}>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<{M}x!tt.ptr<i32>, {s}>
    %pp = tt.addptr %ps, %i : tensor<{M}x!tt.ptr<i32>, {s}>, tensor<{M}xi32, {s}>
    %x = tt.load %pp : tensor<{M}x!tt.ptr<i32>, {s}>
    %y = ttg.convert_layout %x : tensor<{M}xi32, {s}> -> tensor<{M}xi32, {d}>
    %j = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {d}>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<{M}x!tt.ptr<i32>, {d}>
    %qp = tt.addptr %qs, %j : tensor<{M}x!tt.ptr<i32>, {d}>, tensor<{M}xi32, {d}>
    tt.store %qp, %y : tensor<{M}x!tt.ptr<i32>, {d}>
"""
    return module(warps, {"S": src, "D": dst}, body,
                  "%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, "
                  "%q: !tt.ptr<i32> {tt.divisibility = 16 : i32}")


def swizzled(vec, per_phase, max_phase, order):
    return (f"#ttg.swizzled_shared<{{vec = {vec}, perPhase = {per_phase}, "
            f"maxPhase = {max_phase}, order = {_list(order)}}}>")


def convert2d_kernel(M, N, src, via, dst):
    """An M x N copy: offsets and f16 values loaded in `src`, through shared
    memory in `via` (local_alloc + local_load) when given, converted to
    `dst`, stored from there."""
    t = lambda ty, lay: f"tensor<{M}x{N}x{ty}, #{lay}>"  # noqa: E731
    body = load_2d(M, N, "f16", "S", "%n")
    off, x = "%off", "%x"
    if via:
        body += f"""    %ao = ttg.local_alloc %off : ({t("i32", "S")}) -> !ttg.memdesc<{M}x{N}xi32, #V, #smem>
    %lo = ttg.local_load %ao : !ttg.memdesc<{M}x{N}xi32, #V, #smem> -> {t("i32", "S")}
    %ax = ttg.local_alloc %x : ({t("f16", "S")}) -> !ttg.memdesc<{M}x{N}xf16, #V, #smem>
    %lx = ttg.local_load %ax : !ttg.memdesc<{M}x{N}xf16, #V, #smem> -> {t("f16", "S")}
"""
        off, x = "%lo", "%lx"
    body += f"""    %od = ttg.convert_layout {off} : {t("i32", "S")} -> {t("i32", "D")}
    %xd = ttg.convert_layout {x} : {t("f16", "S")} -> {t("f16", "D")}
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<{M}x{N}x!tt.ptr<f16>, #D>
    %qp = tt.addptr %qs, %od : tensor<{M}x{N}x!tt.ptr<f16>, #D>, {t("i32", "D")}
    tt.store %qp, %xd : tensor<{M}x{N}x!tt.ptr<f16>, #D>
"""
    layouts = {"S": src, "D": dst, "smem": "#ttg.shared_memory"}
    if via:
        layouts["V"] = via
    return module(4, layouts, body, "%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32, "
                  "%q: !tt.ptr<f16> {tt.divisibility = 16 : i32}")


def gather_kernel(src_shape, idx_shape, axis, src, idx, ty, idx_ty="i32", warps=4):
    """out = gather(x, idx, axis): x loaded in `src`, the indices computed in
    `idx` as (5 * row + 3 * col + 1) mod the axis size (i64 when `idx_ty`
    says so), the result stored from `idx`."""
    (Ms, Ns), (Mi, Ni) = src_shape, idx_shape
    n = src_shape[axis]
    ti = lambda t: f"tensor<{Mi}x{Ni}x{t}, #I>"  # noqa: E731
    s0, s1 = "#ttg.slice<{dim = 1, parent = #I}>", "#ttg.slice<{dim = 0, parent = #I}>"
    body = load_2d(Ms, Ns, ty, "S", "%n") + f"""    %ir = tt.make_range {{end = {Mi} : i32, start = 0 : i32}} : tensor<{Mi}xi32, {s0}>
    %ir2 = tt.expand_dims %ir {{axis = 1 : i32}} : tensor<{Mi}xi32, {s0}> -> tensor<{Mi}x1xi32, #I>
    %ic = tt.make_range {{end = {Ni} : i32, start = 0 : i32}} : tensor<{Ni}xi32, {s1}>
    %ic2 = tt.expand_dims %ic {{axis = 0 : i32}} : tensor<{Ni}xi32, {s1}> -> tensor<1x{Ni}xi32, #I>
    %irb = tt.broadcast %ir2 : tensor<{Mi}x1xi32, #I> -> {ti("i32")}
    %icb = tt.broadcast %ic2 : tensor<1x{Ni}xi32, #I> -> {ti("i32")}
    %c5 = arith.constant dense<5> : {ti("i32")}
    %c3 = arith.constant dense<3> : {ti("i32")}
    %c1 = arith.constant dense<1> : {ti("i32")}
    %cm = arith.constant dense<{n - 1}> : {ti("i32")}
    %cn = arith.constant dense<{Ni}> : {ti("i32")}
    %c0 = arith.constant dense<0> : {ti("i32")}
    %t0 = arith.muli %irb, %c5 : {ti("i32")}
    %t1 = arith.muli %icb, %c3 : {ti("i32")}
    %t2 = arith.addi %t0, %t1 : {ti("i32")}
    %t3 = arith.addi %t2, %c1 : {ti("i32")}
    %i32 = arith.andi %t3, %cm : {ti("i32")}
"""
    # i64 indices widen the i32 ones; i32 ones are used as they are.
    body += (f"    %idx = arith.extsi %i32 : {ti('i32')} to {ti('i64')}\n" if idx_ty == "i64"
             else f"    %idx = arith.addi %i32, %c0 : {ti('i32')}\n")
    body += f"""    %g = tt.gather %x[%idx] {{axis = {axis} : i32}} : (tensor<{Ms}x{Ns}x{ty}, #S>, {ti(idx_ty)}) -> {ti(ty)}
    %o0 = arith.muli %irb, %cn : {ti("i32")}
    %o1 = arith.addi %o0, %icb : {ti("i32")}
    %qs = tt.splat %q : !tt.ptr<{ty}> -> {ti("!tt.ptr<" + ty + ">")}
    %qp = tt.addptr %qs, %o1 : {ti("!tt.ptr<" + ty + ">")}, {ti("i32")}
    tt.store %qp, %g : {ti("!tt.ptr<" + ty + ">")}
"""
    return module(warps, {"S": src, "I": idx}, body,
                  f"%p: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}, %n: i32, "
                  f"%q: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}")


def linear(reg, lane, warp):
    return f"#ttg.linear<{{register = {reg}, lane = {lane}, warp = {warp}, block = []}}>"


# Gathers: upstream's test_gather_warp_shuffle layouts (within warps, by
# shuffles), the layout tritongpu-optimize-thread-locality picks, the axis
# in registers only, a source copied over lanes and warps, and one across
# warps (shared memory). (name, src shape, idx shape, axis, src, idx, type, idx type)
GATHERS = [
    ("upstream 32x16", (32, 16), (32, 16), 0,
     linear("[[0, 2], [2, 0]]", "[[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]]", "[[0, 1], [0, 4]]"),
     linear("[[2, 0], [0, 2]]", "[[0, 8], [16, 0], [1, 0], [8, 0], [4, 0]]", "[[0, 1], [0, 4]]"),
     "f32", "i64"),
    ("upstream 128x64 -> 256x64", (128, 64), (256, 64), 0,
     linear("[[0, 2], [32, 0], [2, 0], [0, 16], [0, 32], [64, 0]]",
            "[[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]]", "[[0, 1], [0, 4]]"),
     linear("[[0, 2], [32, 0], [0, 32], [2, 0], [0, 16], [64, 0], [128, 0]]",
            "[[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]]", "[[0, 1], [0, 4]]"),
     "f32", "i64"),
    ("thread-locality layout", (128, 64), (256, 64), 0,
     blocked([4, 1], [32, 1], [1, 4], [0, 1]), blocked([4, 1], [32, 1], [1, 4], [0, 1]), "f32", "i64"),
    ("rows, f16", (16, 64), (16, 64), 1,
     blocked([1, 2], [1, 32], [4, 1], [1, 0]), blocked([1, 2], [1, 32], [4, 1], [1, 0]), "f16", "i32"),
    ("in registers", (128, 16), (128, 16), 1,
     blocked([1, 16], [32, 1], [4, 1], [1, 0]), blocked([1, 16], [32, 1], [4, 1], [1, 0]), "i32", "i32"),
    ("copied source", (32, 32), (32, 32), 1, LINEAR, blocked([1, 4], [8, 4], [4, 1], [1, 0]), "i32", "i32"),
    ("across warps", (64, 16), (64, 16), 0,
     blocked([1, 4], [8, 4], [4, 1], [1, 0]), blocked([1, 4], [8, 4], [4, 1], [1, 0]), "i32", "i32"),
]


def gather_expected(t, x, idx_shape, axis):
    n = x.shape[axis]
    r = t.arange(idx_shape[0], device=x.device).reshape(-1, 1)
    c = t.arange(idx_shape[1], device=x.device).reshape(1, -1)
    idx = ((5 * r + 3 * c + 1) & (n - 1)).expand(idx_shape)
    return t.gather(x, axis, idx)


def cases():
    """(name, ttgir, launch(kernel, new), expected(torch, arrays))."""
    out = []
    for name, lay, _, _ in LAYOUTS[:2] + LAYOUTS[-1:]:
        for M, N in ((32, 16), (64, 32)):
            for axis in (0, 1):
                out.append((f"scan {name} {M}x{N} axis {axis}", scan_kernel(M, N, lay, axis),
                            ((M, N), "int32", (M, N)),
                            lambda t, x, axis=axis: t.cumsum(x, axis).to(t.int32)))
    for name, lay, warps, least in LAYOUTS:
        for M, N in ((128, 16), (32, 128), (64, 64)):
            if min(M, N) < least or (least == 64 and M < 64):
                continue
            for axis in (0, 1):
                kept = N if axis == 0 else M
                out.append((f"reduce sum {name} {M}x{N} axis {axis}",
                            reduce_kernel(M, N, lay, warps, axis, "i32", "arith.addi", False),
                            ((M, N), "int32", (kept,)),
                            lambda t, x, axis=axis: x.sum(axis).to(t.int32)))
                out.append((f"reduce max {name} {M}x{N} axis {axis} to scalar",
                            reduce_kernel(M, N, lay, warps, axis, "f32", "arith.maximumf", True),
                            ((M, N), "float32", (1,)),
                            lambda t, x: x.max().reshape(1)))
    for (sn, sl, sw, sleast), (dn, dl, dw, dleast) in (
            (LAYOUTS[0], LAYOUTS[3]), (LAYOUTS[3], LAYOUTS[5]), (LAYOUTS[2], LAYOUTS[4]),
            (LAYOUTS[6], LAYOUTS[0]), (LAYOUTS[5], LAYOUTS[6])):
        if sw != dw:
            continue
        for sd in (0, 1):
            for dd in (0, 1):
                out.append((f"convert {sn}[{sd}] -> {dn}[{dd}]",
                            convert_kernel(128, sl, sd, dl, dd, sw), ((128,), "int32", (128,)),
                            lambda t, x: x))
    four_warps = [LAYOUTS[0], LAYOUTS[1], LAYOUTS[3], LAYOUTS[6],
                  ("dot_v3_a4", dot_op(mma(3, [4, 1], [16, 32, 16]), 0, 2), 4, 64),
                  ("mma_v2_4", mma(2, [4, 1], [16, 8]), 4, 16),
                  ("dot_v2_a4", dot_op(mma(2, [4, 1], [16, 8]), 0, 2), 4, 16),
                  ("dot_v2_b4", dot_op(mma(2, [4, 1], [16, 8]), 1, 8), 4, 16)]
    vias = [None, swizzled(1, 1, 1, [0, 1]), swizzled(4, 2, 4, [1, 0])]
    for k, (sn, sl, _, _) in enumerate(four_warps):
        for dn, dl, _, _ in four_warps[k + 1:] + four_warps[:k]:
            for v, via in enumerate(vias):
                if via and (sn.startswith("dot") or sn == "linear"):
                    continue  # shared memory is written from plain layouts only
                out.append((f"convert2d {sn} -[{v}]-> {dn}",
                            convert2d_kernel(64, 64, sl, via, dl), ((64, 64), "float16", (64, 64)),
                            lambda t, x: x))
    # mma layouts with their warps along N as well (upstream's mma2mma
    # conversions): layouts only, no wgmma runs on them.
    for a, b in ((mma(3, [1, 4], [16, 32, 16]), mma(3, [4, 1], [16, 64, 16])),
                 (mma(3, [4, 1], [16, 128, 16]), mma(3, [4, 1], [16, 64, 16])),
                 (mma(2, [1, 4], [16, 8]), mma(2, [4, 1], [16, 8]))):
        for M, N in ((64, 64), (128, 128), (16, 16)):
            for src, dst in ((a, b), (b, a)):
                out.append((f"mma2mma {M}x{N} {src[14:60]}...",
                            convert2d_kernel(M, N, src, None, dst), ((M, N), "float16", (M, N)),
                            lambda t, x: x))
    types = {"f32": "float32", "f16": "float16", "i32": "int32"}
    for name, ss, ish, axis, sl, il, ty, ity in GATHERS:
        out.append((f"gather {name}", gather_kernel(ss, ish, axis, sl, il, ty, ity),
                    (ss, types[ty], ish),
                    lambda t, x, ish=ish, axis=axis: gather_expected(t, x, ish, axis)))
    return out


def main():
    mode, cache = sys.argv[1], Path(sys.argv[2]).resolve()
    os.environ["TRITON_STUB_CACHE_DIR"] = str(cache)
    files = cache / "ttgir"
    files.mkdir(parents=True, exist_ok=True)
    kernels = []
    for k, (name, ir, shapes, want) in enumerate(cases()):
        path = files / f"case{k}.ttgir"
        if mode == "prepare":
            path.write_text(ir)
        kernels.append((name, triton.compile(str(path)), shapes, want))
    if mode == "prepare":
        print(f"compiled {len(kernels)} TritonGPU IR files")
        return 0
    import torch
    dt = {"int32": torch.int32, "float32": torch.float32, "float16": torch.float16}
    print(torch.cuda.get_device_name())
    failed = 0
    for name, kernel, (in_shape, dtype, out_shape), want in kernels:
        x = torch.randint(-8, 9, in_shape, device="cuda").to(dt[dtype])
        y = torch.full(out_shape, -12345, dtype=dt[dtype], device="cuda")
        row_stride = in_shape[-1] if len(in_shape) == 2 else None
        args = (x, row_stride, y) if row_stride is not None else (x, y)
        kernel[(1, 1, 1)](*args)
        torch.cuda.synchronize()
        ok = torch.equal(y, want(torch, x).reshape(out_shape))
        print(f"{name:44s} {'pass' if ok else 'MISMATCH'}")
        failed += not ok
    print(f"{len(kernels) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
