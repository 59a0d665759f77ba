extension String {
    /// The string's UTF-8 bytes, lent to `body`. A native string lends its storage in place;
    /// `withUTF8` needs a mutable copy of the string, which retains it — a retain and release
    /// more per text, and renderers write tens of millions of them.
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
