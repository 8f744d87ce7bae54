import Foundation
import SpecReporters
import SpecResults

/// Reads an archived JSON results file, with a message that names the file and the place when it cannot (exit status
/// 2, without the pointer to `--help` a usage mistake gets).
enum ResultsFile {
    /// The largest results file read unless `--max-results-size` says otherwise: about 200,000 tests at the size
    /// `specrun specs/ --engine all` writes (2.6 KB a test), four times the 10,000-spec bench corpus's 120 MB, yet a
    /// bound on the memory a device or an endless pipe given by mistake may take (`specrun report /dev/zero` grew
    /// until memory ran out; at 1 GiB, `yes '{' | specrun report /dev/stdin` took 1 GB before its error).
    static let defaultMaxBytes = 512 << 20

    /// `--max-results-size`, on every command that reads results files (report, merge, compare, and a run's
    /// `--last-failed`).
    static let sizeOption = OptionSpec(name: "max-results-size", valueName: "SIZE",
                                       help: "Refuse a results file larger than SIZE bytes; K, M, G multiply by 1024 (default: 512M).")

    /// The bound `parsed` gives (`--max-results-size`), or the default.
    static func maxBytes(_ parsed: ParsedArguments) throws(UsageError) -> Int {
        guard let text = parsed.value(sizeOption.name) else { return defaultMaxBytes }
        guard let bytes = RunLimits.byteCount(text) else {
            throw UsageError("the value '\(text)' is not allowed for '--max-results-size'; give a number of bytes of at least 1, optionally followed by K, M or G, e.g. --max-results-size 2G.")
        }
        return bytes
    }

    /// Reads `path`, refusing more than `maxBytes`; `warn` receives what was read but is suspect (one sentence each,
    /// naming the file).
    static func read(_ path: String, maxBytes: Int = defaultMaxBytes, warn: (String) -> Void = { _ in }) throws(UsageError) -> RunResult {
        let reading = try reading(path, maxBytes: maxBytes)
        reading.warnings.forEach(warn)
        return reading.run
    }

    /// Reads `path` as `read` does, with what was suspect in it (its warnings, whether fields were ignored).
    static func reading(_ path: String, maxBytes: Int = defaultMaxBytes) throws(UsageError) -> ResultsReading {
        let data = try contents(of: path, maxBytes: maxBytes)
        do {
            return try JSONResultsReader.readWithWarnings(data, source: path)
        } catch {
            throw UsageError.fileProblem("the results file \(error.description)")
        }
    }

    /// The bytes of `path`: a regular file, or a pipe (`specrun report <(gunzip -c results.json.gz)`) read to its end.
    /// A `--max-results-size` value larger than `bytes`: whole megabytes, or gigabytes from 1 G.
    static func sizeAbove(_ bytes: Int) -> String {
        let megabytes = bytes / (1 << 20) + 1
        return megabytes >= 1024 ? "\(megabytes / 1024 + 1)G" : "\(megabytes)M"
    }

    /// The `results.json` files in `folder` and in the folders in it (the layout `--artifacts` writes), sorted.
    static func resultsFiles(below folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: base + "/results.json", isDirectory: &isFolder), !isFolder.boolValue {
            found.append(base + "/results.json")
        }
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted() where !name.hasPrefix(".") {
            let candidate = base + "/" + name + "/results.json"
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue { found.append(candidate) }
        }
        return found
    }

    /// Refused: more than `maxBytes` (said before reading a regular file; a pipe or device is read up to the bound),
    /// and a pipe or device whose first byte that is not white space is not `{` (a results file is one JSON object),
    /// which ends `/dev/zero` or `/dev/urandom` at their first read.
    private static func contents(of path: String, maxBytes: Int) throws(UsageError) -> Data {
        func refuse(_ why: String, _ remedy: String = "give the path of a JSON file written by 'specrun --json'") -> UsageError {
            UsageError.fileProblem("cannot read the results file '\(path)': \(why); \(remedy).")
        }
        // Non-blocking open: a FIFO nobody writes into would otherwise wait for ever in open(2).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT:
                throw UsageError.fileProblem(refuse("there is no such file", "check the path (a download step that failed?)").message
                    + UnexpandedHome.hint(for: path))
            case EACCES: throw refuse("permission denied", "make it readable, or give another copy")
            default: throw refuse(String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refuse(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            // `--artifacts DIR` writes DIR/<toolchain>/results.json: 'DIR/results.json' named a file that is not there.
            let found = resultsFiles(below: path)
            switch found.count {
            case 0: throw refuse("it is a folder, and no results.json is in it or in a folder in it",
                                 "name a results file written by 'specrun --json' or 'specrun --artifacts'")
            case 1: throw refuse("it is a folder", "name the results file in it, '\(found[0])'")
            default: throw refuse("it is a folder", "name one results file in it, e.g. " + found.prefix(3).map { "'\($0)'" }.joined(separator: ", "))
            }
        case S_IFREG, S_IFIFO, S_IFCHR:
            break
        default:
            throw refuse("it is not a file (a socket or a block device)")
        }
        // The size known (a regular file) or not (a pipe or device, read up to the bound): the raise offered holds it.
        let tooLarge = { (size: Int?) in
            refuse(size.map { "it holds \($0) bytes, more than the \(maxBytes) that --max-results-size allows" }
                   ?? "it holds more than the \(maxBytes) bytes that --max-results-size allows",
                   "give a results file written by 'specrun --json', or raise the bound, e.g. --max-results-size \(Self.sizeAbove(size ?? maxBytes))")
        }
        let regular = info.st_mode & S_IFMT == S_IFREG
        if regular && Int(info.st_size) > maxBytes { throw tooLarge(Int(info.st_size)) }
        // With no writer, a pipe reads as empty at once; with one, reads wait for its bytes as `cat` would.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        if regular { data.reserveCapacity(Int(info.st_size)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var beginningChecked = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refuse(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            if data.count + count > maxBytes { throw tooLarge(nil) }
            data.append(contentsOf: buffer[..<count])
            // JSON has no raw control character but white space (specrun escapes them in its strings), so a pipe or
            // device that sends one is no results file: `/dev/urandom` began with '{' or white space once in about 50
            // reads and was then read up to the bound (512 MiB, 37 s) before it was refused.
            if !regular, let control = buffer[..<count].firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                let offset = data.count - count + control
                throw refuse("it holds the control byte 0x\(String(buffer[control], radix: 16, uppercase: true)) at byte \(offset), so it is not JSON results (a device or another kind of file?)")
            }
            // Only the bytes just read are looked at: scanning all of them again on every read took quadratic time on a
            // file that begins with megabytes of white space (4 MB: a minute; the red team).
            if !beginningChecked, let first = buffer[..<count].first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                beginningChecked = true
                // Only a pipe or device, which may never end, is refused here. A regular file, whose size is bounded
                // above, goes whole to the JSON reader, which names what it is instead (a JUnit, HTML or TAP report, a
                // spec, a gzip file, UTF-16; this check told them all "a device?"). A UTF-8 byte order mark is the reader's.
                if !regular && first != UInt8(ascii: "{") && first != 0xEF {
                    throw refuse("it does not begin with '{', so it is not JSON results (a device or another kind of file?)")
                }
            }
            // specrun writes '{' first; a mebibyte of white space before anything is no results file (an endless
            // `yes ' '` was read up to the bound).
            if !beginningChecked && data.count > 1 << 20 {
                throw refuse("it begins with more than 1 MiB of white space, so it is not JSON results (a device or another kind of file?)")
            }
        }
        return data
    }
}
