set -u
cd "$(dirname "$0")/.."
(cd .gpu/pk && python3 run.py pers,pers_e5,pers2,pers2_e5,tile 1024,4096 2>&1 | grep -v -i warn)
R=/tmp/res2; mkdir -p $R
for k in pers2 pers_e5; do ptxas -arch=sm_90a .gpu/pk/$k.ptx -o /tmp/$k.cubin && cuobjdump -sass /tmp/$k.cubin > $R/$k.sass; done
tar czf $OUT/res2.tgz -C /tmp res2
