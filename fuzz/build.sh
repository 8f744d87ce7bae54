#!/usr/bin/env bash
# Builds the libFuzzer target over YAML reading, spec parsing and lint: fuzz/.build/specrun-fuzz.
#
# SwiftPM is not used on purpose: `-sanitize=fuzzer` links libFuzzer's own main(), which would clash with the
# package's executables, and instrumenting the whole package would slow every `swift build`. Each module the
# target needs is compiled here, once, with the same sanitizer flags, into fuzz/.build/ (ignored by git).
# Exit status 3: the toolchain cannot link a fuzzer + address sanitizer target, or libyaml-dev is missing
# (callers skip, not fail); any other failure is a real one.
set -euo pipefail
cd "$(dirname "$0")/.."

out=fuzz/.build
mkdir -p "$out"

# The probe: can this toolchain link a libFuzzer + AddressSanitizer target at all? (Its runtimes ship with the
# Linux toolchains from swift.org; some distributions' packages leave them out.)
command -v swiftc >/dev/null || { echo "fuzz: no swiftc on PATH" >&2; exit 3; }
probe="$out/probe"
cat > "$probe.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func probe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
SWIFT
if ! swiftc -parse-as-library -sanitize=fuzzer,address "$probe.swift" -o "$probe" >"$probe.log" 2>&1; then
    echo "fuzz: this toolchain cannot link a -sanitize=fuzzer,address target (libFuzzer or ASan runtime missing):" >&2
    tail -5 "$probe.log" >&2
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
    # Modules keep their files in subfolders (Sources/SpecParser/Catalog/, …): find them all, sorted for a stable order.
    mapfile -t sources < <(find Sources/"$module" -name '*.swift' | sort)
    newest_source=$(ls -t "${sources[@]}" | head -1)
    if [ -f "$object" ] && [ "$object" -nt "$newest_source" ] && [ "$object" -nt "$0" ] && [ -z "${rebuilt:-}" ]; then
        continue
    fi
    rebuilt=1   # a rebuilt module invalidates every module after it
    echo "fuzz: compiling $module"
    swiftc "${flags[@]}" -module-name "$module" -wmo -c -o "$object" \
        -emit-module -emit-module-path "$out/$module.swiftmodule" "${sources[@]}"
done

# lld when the toolchain has it: gold links too, but prints a warning per ASan symbol.
linker=()
if [ -x "$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld" ] || command -v ld.lld >/dev/null; then linker=(-use-ld=lld); fi
echo "fuzz: linking $out/specrun-fuzz"
swiftc "${flags[@]}" "${linker[@]}" -module-name SpecFuzz fuzz/SpecFuzzTarget.swift "${objects[@]}" -lyaml -o "$out/specrun-fuzz"
