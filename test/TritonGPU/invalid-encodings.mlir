// Every verifier rule of the ttg encodings and of !ttg.memdesc, each with its
// message; malformed encodings are rejected where they are written.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#ttg.blocked needs at least one dimension}}
tt.func @blocked_empty(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>>)

// -----

// expected-error @+1 {{#ttg.blocked fields must have the same length: sizePerThread [1, 1], threadsPerWarp [32], warpsPerCTA [4], order [0]}}
tt.func @blocked_lengths(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked sizePerThread [3] must hold powers of two}}
tt.func @blocked_spt(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked threadsPerWarp [24] must hold powers of two}}
tt.func @blocked_tpw(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [24], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked warpsPerCTA [0] must hold powers of two}}
tt.func @blocked_wpc(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked order [1, 1] must be a permutation of [0, 2)}}
tt.func @blocked_order(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>>)

// -----

// expected-error @+1 {{#ttg.blocked CTA fields must have rank 2}}
tt.func @blocked_cta_rank(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked has rank 1 but the tensor has rank 2}}
tt.func @blocked_rank(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked needs the field 'warpsPerCTA'}}
tt.func @blocked_missing(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>>)

// -----

// expected-error @+1 {{#ttg.blocked has no field 'stride'}}
tt.func @blocked_unknown(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], stride = [1]}>>)

// -----

// expected-error @+1 {{#ttg.blocked field 'sizePerThread' must be a list of non-negative integers}}
tt.func @blocked_field_type(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = 1, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{CTAsPerCGA, CTASplitNum and CTAOrder must have the same length}}
tt.func @cta_lengths(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2, 1], CTAOrder = [0]}>>)

// -----

// expected-error @+1 {{CTAsPerCGA and CTASplitNum must hold powers of two}}
tt.func @cta_pow2(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [3], CTASplitNum = [1], CTAOrder = [0]}>>)

// -----

// expected-error @+1 {{CTASplitNum [4] must divide CTAsPerCGA [2]}}
tt.func @cta_split(%x: tensor<4xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [4], CTAOrder = [0]}>>)

// -----

// expected-error @+1 {{CTAOrder [0, 0] must be a permutation of [0, 2)}}
tt.func @cta_order(%x: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [0, 0]}>>)

// -----

// expected-error @+1 {{#ttg.slice parent must be a distributed encoding (blocked, slice, dot_op, nvidia_mma or linear)}}
tt.func @slice_parent(%x: tensor<4xf32, #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#ttg.slice dim 2 must be below the parent's rank 2}}
tt.func @slice_dim(%x: tensor<4xf32, #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#ttg.slice has rank 1 but the tensor has rank 2}}
tt.func @slice_rank(%x: tensor<4x4xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#ttg.dot_op opIdx must be 0 (A) or 1 (B), got 2}}
tt.func @dot_op_idx(%x: tensor<4x4xf16, #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#ttg.dot_op of a #ttg.nvidia_mma parent needs kWidth > 0}}
tt.func @dot_op_mma_kwidth(%x: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>)

// -----

// expected-error @+1 {{#ttg.dot_op kWidth must be a power of two, got 3}}
tt.func @dot_op_kwidth_pow2(%x: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 3}>>)

// -----

// expected-error @+1 {{#ttg.dot_op of a version 3 (wgmma) parent must be operand A (opIdx 0): B is read from shared memory}}
tt.func @dot_op_wgmma_b(%x: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{#ttg.dot_op of a #ttg.blocked parent takes no kWidth}}
tt.func @dot_op_blocked_kwidth(%x: tensor<4x4xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>>)

// -----

// expected-error @+1 {{#ttg.dot_op parent must be #ttg.blocked, #ttg.nvidia_mma or #ttg.linear}}
tt.func @dot_op_parent(%x: tensor<4xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>}>>)

// -----

// expected-error @+1 {{#ttg.dot_op has rank 2 but the tensor has rank 1}}
tt.func @dot_op_rank(%x: tensor<4xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma versionMajor must be 2 (mma.sync) or 3 (wgmma), got 1}}
tt.func @mma_version(%x: tensor<16x16xf32, #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma warpsPerCTA [3, 1] must hold powers of two}}
tt.func @mma_warps(%x: tensor<16x16xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 2 has instrShape [16, 8] (or [1, 16, 8] with a batch dimension), got [16, 16] for warpsPerCTA [4, 1]}}
tt.func @mma_v2_instr(%x: tensor<16x16xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 3 is 2-D, got warpsPerCTA [1, 4, 1]}}
tt.func @mma_v3_rank(%x: tensor<2x16x16xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [16, 64, 16]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma version 3 instrShape must be [16, N, K] with N = 8 * 2^k up to 256, got [16, 24, 16]}}
tt.func @mma_v3_instr(%x: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 24, 16]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma CTA fields must have rank 2}}
tt.func @mma_cta_rank(%x: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0], instrShape = [16, 64, 16]}>>)

// -----

// expected-error @+1 {{#ttg.nvidia_mma has rank 2 but the tensor has rank 1}}
tt.func @mma_rank(%x: tensor<64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>)

// -----

// expected-error @+1 {{#ttg.linear all bases must have the same number of coordinates}}
tt.func @linear_basis_lengths(%x: tensor<4x4xf32, #ttg.linear<{register = [[0, 1], [1]], lane = [], warp = []}>>)

// -----

// expected-error @+1 {{#ttg.linear needs at least one basis to know the tensor's rank}}
tt.func @linear_no_basis(%x: tensor<4xf32, #ttg.linear<{register = [], lane = [], warp = []}>>)

// -----

// expected-error @+1 {{#ttg.linear needs the field 'lane'}}
tt.func @linear_missing_lane(%x: tensor<4xf32, #ttg.linear<{register = [[1]], warp = []}>>)

// -----

// expected-error @+1 {{#ttg.linear field 'register' must be a list of bases such as [[0, 1], [1, 0]]}}
tt.func @linear_bad_basis(%x: tensor<4xf32, #ttg.linear<{register = [1], lane = [], warp = []}>>)

// -----

// expected-error @+1 {{#ttg.linear has rank 2 but the tensor has rank 1}}
tt.func @linear_rank(%x: tensor<4xf32, #ttg.linear<{register = [[0, 1]], lane = [], warp = []}>>)

// -----

// expected-error @+1 {{#ttg.swizzled_shared vec, perPhase and maxPhase must be powers of two, got 3, 1, 1}}
tt.func @swizzled_pow2(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 3, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.swizzled_shared order [0, 0] must be a permutation of [0, 2)}}
tt.func @swizzled_order(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.swizzled_shared CTA fields must have rank 2}}
tt.func @swizzled_cta_rank(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.swizzled_shared has rank 2 but the tensor has rank 1}}
tt.func @swizzled_rank(%x: !ttg.memdesc<16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared swizzlingByteWidth must be 0, 32, 64 or 128, got 96}}
tt.func @nvmma_swizzle(%x: !ttg.memdesc<16x16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared elementBitWidth must be 8, 16, 32 or 64, got 12}}
tt.func @nvmma_bits(%x: !ttg.memdesc<16x16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 12}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared fp4Padded needs elementBitWidth 8 (fp4 pairs stored as bytes)}}
tt.func @nvmma_fp4(%x: !ttg.memdesc<16x16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, fp4Padded = true}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared needs a tensor of rank >= 2}}
tt.func @nvmma_rank(%x: !ttg.memdesc<16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared elementBitWidth 16 does not match element type 'f32'}}
tt.func @nvmma_element(%x: !ttg.memdesc<16x16xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.nvmma_shared field 'transposed' must be true or false}}
tt.func @nvmma_transposed(%x: !ttg.memdesc<16x16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.padded_shared intervals and paddings must be powers of two}}
tt.func @padded_pow2(%x: !ttg.memdesc<16x16xf16, #ttg.padded_shared<[24:+4] {order = [1, 0], shape = [16, 16]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.padded_shared needs a permutation 'order' and a power-of-two 'shape' of the same rank}}
tt.func @padded_shape(%x: !ttg.memdesc<16x16xf16, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.padded_shared has rank 2 but the tensor has rank 1}}
tt.func @padded_rank(%x: !ttg.memdesc<16xf16, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 16]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{expected '+'}}
tt.func @padded_syntax(%x: !ttg.memdesc<16xf16, #ttg.padded_shared<[32:4] {order = [0], shape = [16]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{#ttg.shared_linear alignment must be a power of two, got 12}}
tt.func @shared_linear_alignment(%x: !ttg.memdesc<4xf16, #ttg.shared_linear<{offset = [[1], [2]], block = []}, alignment = 12>, #ttg.shared_memory>)

// -----

// A shared layout describes a memdesc's trailing dimensions (leading ones
// index buffers), so it may have a lower rank but not a higher one.
// expected-error @+1 {{#ttg.shared_linear has rank 2 but the tensor has rank 1}}
tt.func @shared_linear_rank(%x: !ttg.memdesc<16xf16, #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{!ttg.memdesc dimensions must be positive}}
tt.func @memdesc_dims(%x: !ttg.memdesc<0x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{!ttg.memdesc encoding must be a shared encoding (swizzled_shared, nvmma_shared, padded_shared or shared_linear)}}
tt.func @memdesc_encoding(%x: !ttg.memdesc<16x16xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, #ttg.shared_memory>)

// -----

// expected-error @+1 {{!ttg.memdesc memory space must be #ttg.shared_memory, got 3 : i32}}
tt.func @memdesc_space(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, 3 : i32>)

// -----

// expected-error @+1 {{!ttg.memdesc allocation shape has rank 1, below the view's rank 2}}
tt.func @memdesc_alloc_rank(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, 16>)

// -----

// expected-error @+1 {{!ttg.memdesc view dimension 0 (16) exceeds the allocation's (8)}}
tt.func @memdesc_alloc_size(%x: !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, 2x8x16>)

// -----

// expected-error @+1 {{expected static shape}}
tt.func @memdesc_dynamic(%x: !ttg.memdesc<?x16xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>)
