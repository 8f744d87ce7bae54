import Foundation

/// The system's own words for a Foundation file error (`Permission denied`), rather than its Cocoa sentence (`The
/// operation could not be completed. You don’t have permission.`) or its dump (`Error Domain=NSCocoaErrorDomain …`).
public enum SystemErrorText {
    public static func reason(_ error: Error) -> String {
        code(of: error).map { String(cString: strerror($0)) } ?? error.localizedDescription
    }

    /// The `errno` under a Foundation file error, or nil when it carries none.
    public static func code(of error: Error) -> Int32? {
        // On Linux the underlying error is a Swift `POSIXError`, which does not cast to `NSError`.
        let underlying = (error as? CocoaError)?.underlying ?? ((error as NSError).userInfo[NSUnderlyingErrorKey] as? Error)
        if let posix = underlying as? POSIXError { return posix.code.rawValue }
        if let posix = error as? POSIXError { return posix.code.rawValue }
        if let underlying, (underlying as NSError).domain == NSPOSIXErrorDomain { return Int32((underlying as NSError).code) }
        return nil
    }
}
