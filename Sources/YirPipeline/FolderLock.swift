import Foundation
import Logging
#if canImport(Glibc)
    import Glibc
#endif

/// Serialises runs writing into the same `--out`: a nightly job that overran meets the next
/// night's. It is taken before the inputs are read, so overlapping runs take turns whole: a
/// slow run of an older export cannot put its report in place after a newer one read and
/// wrote its own (SPEC §4.5). The lock is `flock` on the folder itself — no file left behind —
/// and is released when the run ends, however it ends. Where the file system cannot lock
/// (some network ones), the run goes on without.
final class FolderLock {
    private let fd: Int32

    /// Waits, saying so, while another run holds the folder.
    init(_ folder: String, log logger: Logger) {
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            logger.debug("\(folder): not locked (\(String(cString: strerror(errno))))")
            return
        }
        logger.info("waiting for another yir run writing into \(folder)")
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    }

    deinit { if fd >= 0 { close(fd) } }
}
