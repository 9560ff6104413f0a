#!/usr/bin/env bash
# bench_scale.py on a bare many-core host with no network (how the 16-core figures in
# docs/scale-out.md were measured): gen's check runs from this checkout on Python 3.12,
# with what it needs carried in two ignored folders, made on a machine with network:
#
#   .whl/  wheels for cp312 (pip download --no-deps --only-binary=:all: --python-version 3.12
#          ... anyascii jsonlines orjson dask distributed tblib zict partd locket tornado)
#          and eflomal's sdist (PyPI has no wheel of it), built here;
#   .dev/  apertium-es.tar.xz: lt-proc, the libraries it links (lttoolbox, ICU 72, libxml2),
#          the es analyser and bidix (apertium-eng-spa) and freedict-eng-spa;
#          apertium.es.1.jsonl.xz: `gen translate` of the small set into es (Apertium).
#
#   bash bench/scale_on_bare_host.sh OUT_DIR COPIES WORKERS...   (e.g. OUT 8 16 8)
set -euo pipefail
out=${1:?OUT_DIR}; copies=${2:?COPIES}; shift 2
workers=("${@:?the worker counts to run}")
repo=$(cd "$(dirname "$0")/.." && pwd)
site=/tmp/gen-site; apt=/tmp/gen-apertium; work=/tmp/gen-scale
mkdir -p "$out" "$site" "$apt" "$work"

python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$site" \
    "$repo"/.whl/*.whl
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-cache-dir \
    --target "$site" "$repo"/.whl/eflomal-*.tar.gz
# No Stanza there: its resources folder is named so that gen does not look for Stanza.
export PYTHONPATH="$site:$repo" PYTHONUNBUFFERED=1 STANZA_RESOURCES_DIR=/nonexistent

# lt-proc with its own libraries (only it sees them), its data where gen looks for it.
tar -C "$apt" -xJf "$repo/.dev/apertium-es.tar.xz"
mkdir -p "$apt/wrap" /usr/share/apertium /usr/share/dictd
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s/lib exec %s/bin/lt-proc "$@"\n' "$apt" "$apt" \
    > "$apt/wrap/lt-proc"
chmod +x "$apt/wrap/lt-proc"
cp -r "$apt"/share/apertium/* /usr/share/apertium/
cp "$apt"/share/dictd/* /usr/share/dictd/
export PATH="$apt/wrap:$PATH"

xz -dc "$repo/.dev/apertium.es.1.jsonl.xz" > "$work/apertium.es.1.jsonl"
{
    nproc; python3 --version; lscpu | grep -E 'Model name|^CPU\(s\)'
    head -100 "$work/apertium.es.1.jsonl" > "$work/smoke.jsonl"
    python3 -m gen check "$work/smoke.jsonl" --out "$work/smoke" --force | tail -3
    python3 "$repo/bench/bench_scale.py" --dir "$work" --check-only --copies "$copies" \
        --workers "${workers[@]}" --no-scheduler
} 2>&1 | tee "$out/scale.log"
