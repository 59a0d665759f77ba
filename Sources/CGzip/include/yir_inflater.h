#ifndef YIR_INFLATER_H
#define YIR_INFLATER_H

#include <stddef.h>
#include <stdint.h>

/// A gzip (or zlib-wrapped) inflater, one member at a time. It uses ISA-L's igzip when
/// libisal.so.2 can be loaded — on this project's machines it inflates several times faster
/// than zlib — and zlib otherwise; the bytes out are the same either way. ISA-L is loaded at
/// run time, not linked, so a machine without it (a Spark executor, which never reads .gz:
/// Spark hands yir plain lines) still runs the binary.
typedef struct yir_inflater yir_inflater;

typedef enum {
    YIR_INFLATE_ISAL = 0,  ///< ISA-L when it can be loaded, else zlib
    YIR_INFLATE_ZLIB = 1,  ///< zlib whatever is installed (tests: both engines)
} yir_inflate_engine;

/// NULL when no engine could be set up.
yir_inflater *yir_inflater_new(yir_inflate_engine preferred);
void yir_inflater_free(yir_inflater *inflater);

/// "isa-l" or "zlib": the engine in use.
const char *yir_inflater_engine_name(const yir_inflater *inflater);

/// The outcome of one call.
typedef enum {
    YIR_INFLATE_MORE = 0,        ///< needs more input or more room for output
    YIR_INFLATE_MEMBER_END = 1,  ///< a member (header, data and checksum) is complete
    YIR_INFLATE_ERROR = -1,      ///< corrupt data; yir_inflater_error says what
} yir_inflate_status;

/// Inflates from `input` into `output`, telling how many bytes it took and wrote. The member
/// format (gzip or zlib) is read from its first byte. After YIR_INFLATE_MEMBER_END the
/// inflater is ready for the next member; the input it did not take starts that member.
yir_inflate_status yir_inflate(yir_inflater *inflater, const uint8_t *input, size_t input_count, size_t *taken,
                               uint8_t *output, size_t output_count, size_t *written);

/// What went wrong, after YIR_INFLATE_ERROR.
const char *yir_inflater_error(const yir_inflater *inflater);

#endif
