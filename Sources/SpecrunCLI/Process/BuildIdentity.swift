#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Which build of specrun is running: the GNU build ID the linker wrote into the executable (`readelf -n`), a hash of
/// its linked contents. `specrunVersion` is the same in every build, so without it a results file could not say
/// whether two archives were written by one build; `specrun compare` names a change of build.
enum BuildIdentity {
    /// The build ID as lowercase hex, read once from the running executable's ELF program headers and notes
    /// (`/proc/self/exe`, a few kilobytes); nil where the linker wrote none or the file cannot be read as ELF.
    static let current: String? = {
        #if os(Linux)
        guard let file = ExecutableFile(path: "/proc/self/exe") else { return nil }
        return file.buildID()
        #else
        return nil
        #endif
    }()

    /// The `NT_GNU_BUILD_ID` note's bytes as hex, from one `PT_NOTE` segment: entries of name size, descriptor size
    /// and type (4 bytes each), then the name and the descriptor, each padded to 4 bytes.
    static func gnuBuildID(in notes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        func padded(_ size: Int) -> Int { (size + 3) & ~3 }
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12
            let descriptor = name + padded(nameSize)
            guard nameSize <= notes.count, descriptorSize <= notes.count, descriptor + descriptorSize <= notes.count
            else { return nil }
            // NT_GNU_BUILD_ID is type 3 with the name "GNU\0".
            if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == [0x47, 0x4E, 0x55, 0], descriptorSize > 0 {
                return notes[descriptor..<descriptor + descriptorSize].map { byte in
                    let digits = Array("0123456789abcdef")
                    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                }.joined()
            }
            offset = descriptor + padded(descriptorSize)
        }
        return nil
    }
}

#if os(Linux)
/// A 64-bit little-endian ELF file read with `pread`: its program headers, and the notes of its `PT_NOTE` segments.
private struct ExecutableFile {
    let descriptor: Int32

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    func buildID() -> String? {
        defer { close(descriptor) }
        // ELF header: magic, class 2 (64-bit), data 1 (little-endian); e_phoff at 32, e_phentsize and e_phnum at 54.
        guard let header = read(at: 0, count: 64), header.count == 64, header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]),
              header[4] == 2, header[5] == 1
        else { return nil }
        let tableOffset = Int(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 32, as: UInt64.self) })
        let entrySize = Int(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 54, as: UInt16.self) })
        let entries = Int(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 56, as: UInt16.self) })
        guard entrySize >= 56, entries <= 256, let table = read(at: tableOffset, count: entrySize * entries) else { return nil }
        for index in 0..<entries {
            let base = index * entrySize
            // Elf64_Phdr: p_type (4), p_flags (4), p_offset (8), p_vaddr, p_paddr, p_filesz (8 each at 32), p_memsz.
            let (type, offset, size) = table.withUnsafeBytes {
                ($0.loadUnaligned(fromByteOffset: base, as: UInt32.self),
                 Int($0.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)),
                 Int($0.loadUnaligned(fromByteOffset: base + 32, as: UInt64.self)))
            }
            guard type == 4 /* PT_NOTE */, size > 0, size <= 65_536, let notes = read(at: offset, count: size) else { continue }
            if let id = notes.withUnsafeBytes({ BuildIdentity.gnuBuildID(in: $0) }) { return id }
        }
        return nil
    }

    private func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }
}
#endif
