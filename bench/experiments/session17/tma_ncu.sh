set -u
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
$ncu -k regex:matmul --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats \
  --metrics lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sector_hit_rate.pct,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,lts__t_requests.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum \
  python3 .gpu/tma/tma_run.py .gpu/conformance .gpu/tma up,cp,tma1:p0 0 > $OUT/ncu-tma.txt 2>&1
grep -c "matmul" $OUT/ncu-tma.txt
