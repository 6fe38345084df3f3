set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
NCU=$(which ncu || echo /usr/local/cuda/bin/ncu)
S="smsp__average_warps_issue_stalled"
M="lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,smsp__sass_inst_executed_op_ldgsts.sum,lts__t_sector_hit_rate.pct,sm__inst_executed_pipe_lsu.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum"
for r in barrier long_scoreboard wait math_pipe_throttle mio_throttle lg_throttle dispatch_stall short_scoreboard selected sleeping membar branch_resolving no_instruction drain misc not_selected tex_throttle; do M="$M,${S}_${r}_per_issue_active.ratio"; done
timeout 300 $NCU --kernel-name regex:ptr_body --launch-skip 1 --launch-count 3 --metrics $M python3 .gpu/s34/once.py 128x128x64x8x4 > $OUT/ncu2.txt 2>&1
grep -E "ptr_body|sum|pct|ratio" $OUT/ncu2.txt | grep -v "==PROF" | head -120


