#!/usr/bin/env bash
# Every benchmark figure in one run, side by side: builds specrun and specrun-bench in release mode, writes the
# corpus on first use (bench/corpus/generate.py, expectations from tools/oracle/oracle.py) and runs every section
# of specrun-bench (the engines section also runs bench/reference/dateutil_reference.py).
#
#   bench/run.sh                      # figures for docs/performance.md (a few minutes)
#   bench/run.sh --quick              # one round on a 300-spec corpus: a smoke run, not figures
#   bench/run.sh --section end-to-end # any specrun-bench options pass through
set -euo pipefail
cd "$(dirname "$0")/.."

echo "bench: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, $(uname -srm)"
echo "bench: $(swift --version 2>/dev/null | head -1)"
echo "bench: swift build -c release (specrun and specrun-bench)"
swift build -c release --product specrun >/dev/null
swift build -c release --product specrun-bench >/dev/null
.build/release/specrun-bench "$@"
