"""Rewrite our compiler's perf_matmul_f16_4096_128x128x32 PTX (cp.async ring,
4 stages, async wgmma) into a TMA ring, optionally with C-block clusters that
multicast the shared B tile (blocks 2i, 2i+1 of the GROUP_M=8 order share
pid_n). An experiment, not compiler output: it measures what TMA and
multicast would give before the compiler is taught either.

usage: tma_ptx.py IN.ptx OUT.ptx C [keepbar] [dev [cta] [early] [nocas [one]] [fields] [noacq] [prefetch] [overlap]] [noempty]
       tma_ptx.py IN.ptx OUT.ptx nobar1
Without dev, the entry gains two .u64 parameters: global addresses of the A
and B tensor maps (made on the host by cuTensorMapEncodeTiled): A box {32,
128} 64B swizzle; B box {64, 32 / max(1, C / 2)} 128B swizzle. With dev (C =
1 only), the kernel makes them itself, as a compiler would have to without
scratch memory from the launcher: warp 0 takes a free slot of a module-scope
pool (atom.cas on a busy word, starting at ctaid.x mod 8192), writes both
maps with tensormap.replace in shared memory, copies them out with
tensormap.cp_fenceproxy, and frees the slot at the end. cta: the
tensor-map fences at CTA scope instead of GPU scope (the maps are private to
the block). early: the first atom.cas is issued at the top of the kernel and
its result checked only after the maps are written in shared memory. nocas:
slot = ctaid.x mod 8192, no atomics (unsafe under concurrent launches; it
measures what the atomics cost). one (with nocas): every block writes and
uses slot 0 (the same bytes: it measures distinct maps per block). fields:
also write the two words the driver's cuTensorMapEncodeTiled sets and
tensormap.replace does not (bytes 64 and 72: the box's bytes, 8192 / 4096,
and 8 rows of the swizzle width, 512 / 1024): undocumented, an experiment.
noacq: no fence.proxy.tensormap acquire (unsafe: measures what it costs).
prefetch: prefetch.tensormap on both maps once they are written.
noempty (C > 1): no wait for the peers' release of a slot before a refill
(unsafe: measures what the cross-block handshake costs).
overlap: the prologue's three stages stay cp.async (each thread's copies
arrive on the stage's full barrier, count 128, through
cp.async.mbarrier.arrive.noinc) and warp 0 makes the maps while they are in
flight; the loop's refills are TMA (thread 0's arrive.expect_tx plus one
arrival from each other thread).
nobar1: the cp.async PTX with the loop's first bar.sync deleted (unsafe: an
upper bound on what that barrier costs).
Shared memory: ring as compiled (A slots at 0, B slots at 32768, 8 KB each),
mbarriers at byte 76928 (full[4], then empty[4]), tensor-map staging at 77056
(dev); launch with 76992 bytes (77312 with dev).
"""
import re
import sys

src, dst = sys.argv[1], sys.argv[2]
ptx = open(src).read()
if sys.argv[3] == "nobar1":
    m = re.search(r"(\$L__BB0_2:.*?)\tbar\.sync \t0;\n", ptx, re.S)
    open(dst, "w").write(ptx[:m.start()] + m.group(1) + ptx[m.end():])
    sys.exit(0)
C = int(sys.argv[3])
keepbar = "keepbar" in sys.argv[4:]
dev = "dev" in sys.argv[4:]
scope = "cta" if "cta" in sys.argv[4:] else "gpu"
early = "early" in sys.argv[4:]
nocas = "nocas" in sys.argv[4:]
one = "one" in sys.argv[4:]
fields = "fields" in sys.argv[4:]
noacq = "noacq" in sys.argv[4:]
prefetch = "prefetch" in sys.argv[4:]
overlap = "overlap" in sys.argv[4:]
noempty = "noempty" in sys.argv[4:]
assert dev or not overlap
assert not (dev and C > 1)
BAR = 76928

ptx = ptx.replace(".extern .shared .align 16 .b8 global_smem[];",
                  ".extern .shared .align 1024 .b8 global_smem[];")
if dev:  # tensormap.replace and cp_fenceproxy need PTX 8.3
    ptx = ptx.replace(".version 8.0\n", ".version 8.3\n")
    ptx = ptx.replace(".extern .shared", ".global .align 128 .b8 tt_tmap_pool[2097152];\n"
                      ".global .align 4 .b32 tt_tmap_busy[8192];\n.extern .shared", 1)
else:
    ptx = ptx.replace("\t.param .u32 matmul_param_8\n)",
                      "\t.param .u32 matmul_param_8,\n\t.param .u64 matmul_param_9,\n"
                      "\t.param .u64 matmul_param_10\n)")
if C > 1:
    ptx = ptx.replace(".reqntid 128, 1, 1\n", f".reqntid 128, 1, 1\n.reqnctapercluster {C}, 1, 1\n")
ptx = ptx.replace("\t.reg .b64 \t%rd<110>;\n",
                  "\t.reg .b64 \t%rd<110>;\n\t.reg .pred %q<16>;\n\t.reg .b32 %s<64>;\n"
                  "\t.reg .b64 %t<16>;\n\t.reg .b16 %hm;\n")

# Every cp.async goes; the loop's wait becomes an mbarrier wait below.
lines = ptx.split("\n")
loop_at = lines.index("$L__BB0_2:")
out, groups = [], 0
for n, l in enumerate(lines):
    if overlap and n < loop_at and "cp.async.cg.shared.global" in l:
        out.append(l)
    elif overlap and n < loop_at and "cp.async.commit_group" in l:
        out.append(f"\tcp.async.mbarrier.arrive.noinc.shared::cta.b64 [%s0+{8 * groups}];")
        groups += 1
        if groups == 3:
            out.append("@@DESC@@")
    elif not ("cp.async.cg.shared.global" in l or "cp.async.commit_group" in l
              or "cp.async.wait_group \t0" in l):
        out.append(l)
lines = out
ptx = "\n".join(lines)


def tma_issue(pred, slot_off, kc, full, tag):
    """Expect 16 KB on `full` and issue this block's A box and B part(s)."""
    o = [f"\t@{pred} mbarrier.arrive.expect_tx.shared::cta.b64 %t9, [{full}], 16384;",
         f"\tadd.s32 %s30, %r93, {slot_off};",
         f"\t@{pred} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
         f" [%s30], [%t1, {{{kc}, %r1}}], [{full}];",
         "\tadd.s32 %s31, %s30, 32768;"]
    if C == 1:
        o += ["\tadd.s32 %s32, %s31, 4096;",
              f"\t@{pred} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
              f" [%s31], [%t2, {{%r65, {kc}}}], [{full}];",
              f"\t@{pred} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
              f" [%s32], [%t2, {{%s5, {kc}}}], [{full}];"]
    else:
        o += ["\tadd.s32 %s32, %s31, %s6;", f"\tadd.s32 %s33, {kc}, %s8;",
              f"\t@{pred} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
              f".multicast::cluster [%s32], [%t2, {{%s7, %s33}}], [{full}], %hm;"]
    return o


# Setup right after the shared base is known: barriers, cluster rank, B part.
setup = [f"\tadd.s32 %s0, %r93, {BAR};", "\tsetp.eq.u32 %q0, %r49, 0;"]
if not dev:
    setup += ["\tld.param.u64 %t1, [matmul_param_9];", "\tld.param.u64 %t2, [matmul_param_10];"]
else:
    ST = BAR + 128
    desc = []
    desc += ["\tsetp.lt.u32 %q10, %r49, 32;", "\t@!%q10 bra $L_tmap_done;",
              # the staging area is zeroed by the warp, filled by lane 0
              "\tshl.b32 %s43, %r49, 2;", f"\tadd.s32 %s44, %r93, {ST};", "\tadd.s32 %s45, %s44, %s43;",
              "\tst.shared.b32 [%s45], 0;", "\tst.shared.b32 [%s45+128], 0;", "\tbar.warp.sync -1;",
              "\tcvt.s64.s32 %t6, %r37;", "\tshl.b64 %t6, %t6, 1;", "\tcvt.s64.s32 %t7, %r38;",
              "\tshl.b64 %t7, %t7, 1;"]
    for off, ptr, box, dims, stride, swz in ((0, "%rd11", (32, 128), ("%r23", "%r21"), "%t6", 2),
                                             (128, "%rd12", (64, 32), ("%r22", "%r23"), "%t7", 3)):
        if fields:
            desc += [f"\t@%q0 st.shared.b32 [%s44+{off + 64}], {box[0] * box[1] * 2};",
                      f"\t@%q0 st.shared.b32 [%s44+{off + 72}], {8 * 16 * (1 << swz)};"]
        t = f".shared::cta.b1024"
        a = f"[%s44+{off}]"
        desc += [f"\t@%q0 tensormap.replace.tile.global_address{t}.b64 {a}, {ptr};",
                  f"\t@%q0 tensormap.replace.tile.rank{t}.b32 {a}, 1;"]
        for o in range(2):
            desc += [f"\tmov.b32 %s46, {box[o]};",
                      f"\t@%q0 tensormap.replace.tile.box_dim{t}.b32 {a}, {o}, %s46;",
                      f"\t@%q0 tensormap.replace.tile.global_dim{t}.b32 {a}, {o}, {dims[o]};",
                      "\tmov.b32 %s46, 1;",
                      f"\t@%q0 tensormap.replace.tile.element_stride{t}.b32 {a}, {o}, %s46;"]
        desc += [f"\t@%q0 tensormap.replace.tile.global_stride{t}.b64 {a}, 0, {stride};",
                  f"\t@%q0 tensormap.replace.tile.elemtype{t}.b32 {a}, 6;",
                  f"\t@%q0 tensormap.replace.tile.interleave_layout{t}.b32 {a}, 0;",
                  f"\t@%q0 tensormap.replace.tile.swizzle_mode{t}.b32 {a}, {swz};",
                  f"\t@%q0 tensormap.replace.tile.fill_mode{t}.b32 {a}, 0;"]
    # lane 0 takes a slot: the first try was issued at the top with early
    cas = ["\tmov.u64 %t5, tt_tmap_busy;", "\tmov.b32 %s40, 0;" if one else "\tand.b32 %s40, %r25, 8191;", "\tmul.wide.u32 %t3, %s40, 4;",
           "\tadd.s64 %t4, %t5, %t3;"]
    if not nocas:
        cas += ["\t@%q0 atom.global.cas.b32 %s41, [%t4], 0, 1;"]
    if not early:
        desc += cas
    if not nocas:
        desc += ["\t@!%q0 bra $L_cas_done;", "$L_cas:", "\tsetp.eq.s32 %q11, %s41, 0;", "\t@%q11 bra $L_cas_done;",
                  "\tadd.s32 %s40, %s40, 1;", "\tand.b32 %s40, %s40, 8191;", "\tmul.wide.u32 %t3, %s40, 4;",
                  "\tadd.s64 %t4, %t5, %t3;", "\tatom.global.cas.b32 %s41, [%t4], 0, 1;", "\tbra $L_cas;",
                  "$L_cas_done:"]
    desc += ["\tbar.warp.sync -1;", "\tshfl.sync.idx.b32 %s40, %s40, 0, 31, -1;",
              "\tmov.u64 %t8, tt_tmap_pool;", "\tmul.wide.u32 %t3, %s40, 256;", "\tadd.s64 %t8, %t8, %t3;",
              "\tcvta.global.u64 %t1, %t8;", "\tadd.s64 %t2, %t1, 128;",
              f"\ttensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.{scope}.sync.aligned"
              " [%t1], [%s44], 128;",
              f"\ttensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.{scope}.sync.aligned"
              " [%t2], [%s44+128], 128;",
              ]
    if not noacq:
        desc += [f"\tfence.proxy.tensormap::generic.acquire.{scope} [%t1], 128;",
                  f"\tfence.proxy.tensormap::generic.acquire.{scope} [%t2], 128;"]
    if prefetch:
        desc += ["\tprefetch.tensormap [%t1];", "\tprefetch.tensormap [%t2];"]
    desc += ["$L_tmap_done:"]
    if not overlap:
        setup += desc
for s in range(4):
    setup.append(f"\t@%q0 mbarrier.init.shared::cta.b64 [%s0+{8 * s}], {128 if overlap else 1};")
    setup.append(f"\t@%q0 mbarrier.init.shared::cta.b64 [%s0+{32 + 8 * s}], {C};")
setup.append("\tfence.mbarrier_init.release.cluster;")
if C > 1:
    setup += ["\tbarrier.cluster.arrive.release.aligned;", "\tbarrier.cluster.wait.acquire.aligned;",
              "\tmov.u32 %s1, %cluster_ctarank;", f"\tmov.b16 %hm, {(1 << C) - 1};"]
    if C == 2:  # part r: column block r, all 32 rows
        setup += ["\tshl.b32 %s6, %s1, 12;", "\tshl.b32 %s9, %s1, 6;", "\tadd.s32 %s7, %r65, %s9;",
                  "\tmov.b32 %s8, 0;"]
    else:  # C / 2 row parts per column block
        per = C // 2
        rows = 32 // per
        lg = {2: 1, 4: 2}[per]
        setup += [f"\tshr.u32 %s10, %s1, {lg};", f"\tand.b32 %s11, %s1, {per - 1};",
                  "\tshl.b32 %s12, %s10, 12;", f"\tmul.lo.u32 %s13, %s11, {rows * 128};",
                  "\tadd.s32 %s6, %s12, %s13;", "\tshl.b32 %s9, %s10, 6;", "\tadd.s32 %s7, %r65, %s9;",
                  f"\tmul.lo.u32 %s8, %s11, {rows};"]
else:
    setup += ["\tbar.sync 0;", "\tadd.s32 %s5, %r65, 64;"]
setup += ["\tadd.s32 %s2, %r23, 31;", "\tshr.s32 %s2, %s2, 5;"]
for kt in range(0 if overlap else 3):
    setup += [f"\tsetp.lt.s32 %q1, {kt}, %s2;", "\tand.pred %q1, %q1, %q0;",
              f"\tmov.b32 %s3, {kt * 32};", f"\tadd.s32 %s4, %s0, {8 * kt};"]
    setup += tma_issue("%q1", kt * 8192, "%s3", "%s4", f"p{kt}")
if dev and early:
    top = "\tmov.u32 \t%r25, %ctaid.x;\n"
    assert top in ptx
    ptx = ptx.replace(top, top + "\tmov.u32 %s50, %tid.x;\n\tsetp.eq.u32 %q0, %s50, 0;\n" + "\n".join(cas) + "\n")
anchor = "\tmov.b32 \t%r93, global_smem;\n"
assert anchor in ptx
ptx = ptx.replace(anchor, anchor + "\n".join(setup) + "\n")
if overlap:
    ptx = ptx.replace("@@DESC@@", "\n".join(desc))

# The loop: wait on full[read slot] instead of cp.async.wait_group 2.
wait = ["\tshl.b32 %s14, %r338, 3;", "\tadd.s32 %s15, %s0, %s14;", "\tshr.u32 %s16, %r468, 2;",
        "\tand.b32 %s16, %s16, 1;", "$L_waitfull:",
        "\tmbarrier.try_wait.parity.shared::cta.b64 %q5, [%s15], %s16;", "\t@!%q5 bra $L_waitfull;"]
old = "\tcp.async.wait_group \t2;\n"
assert ptx.count(old) == 1
ptx = ptx.replace(old, "\n".join(wait) + "\n")
if not keepbar:  # the first bar.sync of the loop only made cp.async data visible
    m = re.search(r"(\$L__BB0_2:.*?)\tbar\.sync \t0;\n", ptx, re.S)
    ptx = ptx[:m.start()] + m.group(1) + ptx[m.end():]

# After the loop's second bar.sync (every warp is past wgmma.wait_group 1, so
# iteration i-1's slot %r339 is free here): release it cluster-wide, wait
# until every block released it, refill it with K-tile i+3.
prod = ["\tshl.b32 %s20, %r339, 3;", "\tadd.s32 %s21, %s0, %s20;"]
if C > 1:
    prod += ["\tadd.s32 %s22, %s21, 32;", "\tsetp.ne.s32 %q6, %r468, 0;", "\tand.pred %q6, %q6, %q0;"]
    for c in range(C):
        prod += [f"\tmapa.shared::cluster.u32 %s23, %s22, {c};",
                 "\t@%q6 mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%s23];"]
    prod += ["\tand.pred %q7, %q6, %p14;", "\tadd.s32 %s24, %r468, -1;", "\tshr.u32 %s24, %s24, 2;",
             "\tand.b32 %s24, %s24, 1;", "\tbra $L_skipempty;" if noempty else "\t@!%q7 bra $L_skipempty;", "$L_waitempty:",
             "\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %q8, [%s22], %s24;",
             "\t@!%q8 bra $L_waitempty;", "$L_skipempty:"]
prod += ["\tand.pred %q9, %q0, %p14;", "\tadd.s32 %s25, %r468, 3;", "\tshl.b32 %s25, %s25, 5;",
         "\tshl.b32 %s26, %r339, 13;"]
prod += tma_issue("%q9", "%s26", "%s25", "%s21", "loop")
if overlap:  # the other 127 arrivals of a TMA phase
    prod += ["\tnot.pred %q14, %q0;", "\tand.pred %q13, %q14, %p14;",
             "\t@%q13 mbarrier.arrive.shared::cta.b64 %t10, [%s21];"]
m = re.search(r"\$L__BB0_2:.*?(\tbar\.sync \t0;\n)", ptx, re.S)
if keepbar:  # skip the loop's first barrier
    m = re.search(r"\$L__BB0_2:.*?bar\.sync \t0;\n.*?(\tbar\.sync \t0;\n)", ptx, re.S)
ptx = ptx[:m.end()] + "\n".join(prod) + "\n" + ptx[m.end():]

# Epilogue: the ring is reused by generic stores after async-proxy writes.
ep = "\twgmma.wait_group.sync.aligned 0;\n"
assert ptx.count(ep) == 1
ptx = ptx.replace(ep, ep + "\tfence.proxy.async.shared::cta;\n")
if dev:  # thread 0 frees the slot once every copy has landed
    if not nocas:
        ptx = ptx.replace(ep + "\tfence.proxy.async.shared::cta;\n", ep + "\tfence.proxy.async.shared::cta;\n"
                          "\t@%q0 st.global.release.gpu.b32 [%t4], 0;\n")
if C > 1:  # no block leaves while a peer may still arrive on its barriers
    assert ptx.count("\tret;") == 1
    ptx = ptx.replace("\tret;", "\tbarrier.cluster.arrive.release.aligned;\n"
                      "\tbarrier.cluster.wait.acquire.aligned;\n\tret;")
open(dst, "w").write(ptx)
