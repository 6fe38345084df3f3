set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
export PATH=$PATH:/usr/local/cuda/bin
python3 .gpu/s34/sass.py 128x128x64x8x4 $OUT 2>&1 | grep -v Warn
cd $OUT && tar czf sass.tgz *.sass *.cubin && rm -f *.sass *.cubin
