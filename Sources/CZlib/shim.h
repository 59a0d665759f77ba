#include <zlib.h>

// inflateInit2 is a macro over inflateInit2_ (it passes the zlib version and the
// stream's size), which Swift cannot call; this wrapper can be.
// windowBits 15 + 32: accept both zlib and gzip headers, detected automatically.
static inline int yir_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);
}
