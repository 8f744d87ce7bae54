// pthread_getattr_default_np(3), pthread_setattr_default_np(3) and pthread_getattr_np(3), GNU calls that Glibc's
// Swift module leaves out (glibc declares them only with _GNU_SOURCE): the stack a thread gets when its creator does
// not say, as libdispatch's threads (the Swift concurrency pool's) do not, and the stack the calling thread has.
#include <malloc.h>
#include <pthread.h>
#include <stddef.h>

extern int pthread_getattr_default_np(pthread_attr_t *attr);
extern int pthread_setattr_default_np(const pthread_attr_t *attr);
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);

/// The stack size, in bytes, of the calling thread (the main thread's: its `ulimit -s` now); 0 when unknown.
static inline size_t specrun_current_thread_stack_size(void) {
    pthread_attr_t attributes;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    pthread_attr_getstacksize(&attributes, &size);
    pthread_attr_destroy(&attributes);
    return size;
}

/// The stack size, in bytes, of threads created without attributes; 0 when it cannot be read.
static inline size_t specrun_default_thread_stack_size(void) {
    pthread_attr_t attributes;
    size_t size = 0;
    if (pthread_getattr_default_np(&attributes) != 0) return 0;
    pthread_attr_getstacksize(&attributes, &size);
    pthread_attr_destroy(&attributes);
    return size;
}

/// Sets the stack size of threads created from now on without attributes; 0 or an errno.
static inline int specrun_set_default_thread_stack_size(size_t size) {
    pthread_attr_t attributes;
    int result = pthread_getattr_default_np(&attributes);
    if (result != 0) return result;
    result = pthread_attr_setstacksize(&attributes, size);
    if (result == 0) result = pthread_setattr_default_np(&attributes);
    pthread_attr_destroy(&attributes);
    return result;
}

/// Caps how many malloc arenas glibc makes (`mallopt(M_ARENA_MAX)`); 1 when it took the value. Each arena a new thread
/// gets reserves 64 MB of address space, which an address-space limit (`ulimit -v`) counts.
static inline int specrun_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
