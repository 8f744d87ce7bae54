#!/usr/bin/env bash
# Fuzzes YAML reading, spec parsing and lint for SECONDS (default 60): fuzz/run.sh 600
#
# Seeds: every spec in specs/, every file of the invalid corpus (Tests/SpecParserTests/Invalid/) and every input
# that once made the fuzzer fail (fuzz/regressions/, each then run under the same timeout), read in place. New
# interesting inputs accumulate in fuzz/.build/corpus/ (kept between runs, ignored by git); a crash, sanitizer report,
# timeout or out-of-memory input is written to fuzz/.build/artifacts/ and the script fails.
# Exit status: 0 nothing found, 1 something found, 3 the toolchain cannot build the fuzzer (skip).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
case "$seconds" in ''|*[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2;; esac

fuzz/build.sh

out=fuzz/.build
seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds" "$out/corpus" "$out/artifacts"
# Flattened copies: libFuzzer reads only the top level of a corpus folder.
find specs Tests/SpecParserTests/Invalid fuzz/regressions -name '*.yaml' -o -name '*.yml' | while read -r file; do
    cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
done

echo "fuzz: running for $seconds s over $(ls "$seeds" | wc -l) seeds and $(ls "$out/corpus" | wc -l) saved inputs"
# -timeout: one input parsing for longer than 5 s is a hang. -rss_limit_mb: a blow-up is a finding, not a kill.
# -max_len: 16 KiB keeps runs fast (a 68 kB seed ran at a third of the speed) and is still room for alias bombs,
# deep nesting and every spec shape; larger seeds are read truncated. The 10 MiB file limit is a unit test.
# Leaks are not checked: the parser's key catalog and zone list are Swift globals built once per process, and
# LeakSanitizer cannot follow Swift's tagged string pointers from them, so at exit it reports those globals (about
# 130 allocations, 6 KB, the same on every run) as leaks. Crashes, overflows, hangs and blow-ups are still found.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$out/specrun-fuzz" \
    -detect_leaks=0 -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=16384 \
    -dict=fuzz/yaml.dict -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
    "$out/corpus" "$seeds"
