// sync_file_range(2), a Linux call that Glibc's Swift module leaves out (glibc declares it only with _GNU_SOURCE).
#include <fcntl.h>

#ifndef SYNC_FILE_RANGE_WRITE
#define SYNC_FILE_RANGE_WRITE 2
extern int sync_file_range(int fd, long offset, long nbytes, unsigned int flags);
#endif

/// Asks the kernel to start writing the file's bytes [offset, offset + nbytes) to the disk, waiting for nothing.
static inline int specrun_start_writeback(int fd, long offset, long nbytes) {
    return sync_file_range(fd, offset, nbytes, SYNC_FILE_RANGE_WRITE);
}
