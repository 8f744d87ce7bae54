import Foundation

/// Whether the disk under a folder has room for one more file: free blocks and free inodes (`df -h`, `df -i`).
///
/// Asked only after a file could not be created, to tell a used-up disk from a folder that may not be written: the
/// error the failure came with does not always say which (SQLite's does not).
enum DiskSpace {
    /// True when the file system holding `file`'s folder has no block or no inode left for this user.
    static func isUsedUp(folderOf file: String) -> Bool {
        var info = statvfs()
        guard statvfs((file as NSString).deletingLastPathComponent, &info) == 0 else { return false }
        return isUsedUp(freeBlocks: UInt64(info.f_bavail), totalInodes: UInt64(info.f_files), freeInodes: UInt64(info.f_favail))
    }

    /// A file system that counts no inodes (`f_files` 0, as btrfs reports) is judged by its blocks alone.
    static func isUsedUp(freeBlocks: UInt64, totalInodes: UInt64, freeInodes: UInt64) -> Bool {
        freeBlocks == 0 || (totalInodes > 0 && freeInodes == 0)
    }
}
