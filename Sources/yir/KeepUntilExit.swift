/// Keeps `value` alive until the process exits, never freed. A run's figures are millions
/// of small allocations (every reader's strings and arrays); freeing them one by one after
/// the outputs are written cost ~0.1 s on one thread (perf, the bench export) for memory the
/// kernel takes back at exit anyway. Only for what the command holds to its end.
func keepUntilExit<T>(_ value: T) {
    _ = Unmanaged.passRetained(Immortal(value))
}

private final class Immortal<T> {
    let value: T
    init(_ value: T) { self.value = value }
}
