#!/usr/bin/env bash
# Builds the libFuzzer target over YAML reading, spec parsing and lint: fuzz/.build/specrun-fuzz.
#
# SwiftPM is not used on purpose: `-sanitize=fuzzer` links libFuzzer's own main(), which would clash with the
# package's executables, and instrumenting the whole package would slow every `swift build`. Each module the
# target needs is compiled here, once, with the same sanitizer flags, into fuzz/.build/ (ignored by git).
# Exit status 3: the toolchain lacks the fuzzer or address sanitizer runtime (callers skip, not fail).
set -euo pipefail
cd "$(dirname "$0")/.."

out=fuzz/.build
mkdir -p "$out"

resource_dir=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/clang/lib/linux
if ! ls "$resource_dir"/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || ! ls "$resource_dir"/libclang_rt.asan-*.a >/dev/null 2>&1; then
    echo "fuzz: this toolchain has no libFuzzer / AddressSanitizer runtime in $resource_dir" >&2
    exit 3
fi
pkg-config --exists yaml-0.1 || { echo "fuzz: libyaml-dev is missing (pkg-config yaml-0.1)" >&2; exit 3; }

flags=(-swift-version 6 -parse-as-library -sanitize=fuzzer,address -O -g -I "$out" -I Sources/CYAML)

# In dependency order: each module sees the ones before it.
modules=(SpecDiagnostics SpecYAML Recurrence SpecModel SpecParser SpecLint)
objects=()
for module in "${modules[@]}"; do
    object="$out/$module.o"
    objects+=("$object")
    newest_source=$(ls -t Sources/"$module"/*.swift | head -1)
    if [ -f "$object" ] && [ "$object" -nt "$newest_source" ] && [ "$object" -nt "$0" ] && [ -z "${rebuilt:-}" ]; then
        continue
    fi
    rebuilt=1   # a rebuilt module invalidates every module after it
    echo "fuzz: compiling $module"
    swiftc "${flags[@]}" -module-name "$module" -wmo -c -o "$object" \
        -emit-module -emit-module-path "$out/$module.swiftmodule" Sources/"$module"/*.swift
done

echo "fuzz: linking $out/specrun-fuzz"
swiftc "${flags[@]}" -use-ld=lld -module-name SpecFuzz fuzz/SpecFuzzTarget.swift "${objects[@]}" -lyaml -o "$out/specrun-fuzz"
