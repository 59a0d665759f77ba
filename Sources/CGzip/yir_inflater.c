#include "yir_inflater.h"

#include <dlfcn.h>
#include <isa-l/igzip_lib.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <zlib.h>

// ISA-L's entry points, found once per process (pthread_once: inputs may be opened on any thread).
static struct {
    void (*init)(struct inflate_state *);
    void (*reset)(struct inflate_state *);
    int (*inflate)(struct inflate_state *);
} isal;
static int isal_loaded;
static pthread_once_t isal_once = PTHREAD_ONCE_INIT;

static void load_isal(void) {
    void *library = dlopen("libisal.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    isal.init = (void (*)(struct inflate_state *))dlsym(library, "isal_inflate_init");
    isal.reset = (void (*)(struct inflate_state *))dlsym(library, "isal_inflate_reset");
    isal.inflate = (int (*)(struct inflate_state *))dlsym(library, "isal_inflate");
    isal_loaded = isal.init && isal.reset && isal.inflate;
}

struct yir_inflater {
    int uses_isal;
    int at_member_start;
    const char *error;
    z_stream zlib;
    struct inflate_state *isal;  // ~50 KB: on the heap, only when used
};

yir_inflater *yir_inflater_new(yir_inflate_engine preferred) {
    yir_inflater *inflater = calloc(1, sizeof *inflater);
    if (!inflater) return NULL;
    inflater->at_member_start = 1;
    if (preferred == YIR_INFLATE_ISAL) {
        pthread_once(&isal_once, load_isal);
        if (isal_loaded && (inflater->isal = malloc(sizeof *inflater->isal))) {
            isal.init(inflater->isal);
            inflater->uses_isal = 1;
            return inflater;
        }
    }
    // windowBits 15 + 32: gzip and zlib headers, detected by zlib itself.
    if (inflateInit2(&inflater->zlib, 15 + 32) != Z_OK) {
        free(inflater);
        return NULL;
    }
    return inflater;
}

void yir_inflater_free(yir_inflater *inflater) {
    if (!inflater) return;
    if (inflater->uses_isal) free(inflater->isal); else inflateEnd(&inflater->zlib);
    free(inflater);
}

const char *yir_inflater_engine_name(const yir_inflater *inflater) {
    return inflater->uses_isal ? "isa-l" : "zlib";
}

const char *yir_inflater_error(const yir_inflater *inflater) {
    return inflater->error ? inflater->error : "unknown error";
}

static const char *isal_error_text(int code) {
    switch (code) {
    case ISAL_INVALID_BLOCK: return "invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance";
    case ISAL_INVALID_WRAPPER: return "not a gzip or zlib header";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    case ISAL_NEED_DICT: return "needs a preset dictionary";
    default: return "invalid data";
    }
}

static yir_inflate_status inflate_isal(yir_inflater *inflater, const uint8_t *input, size_t input_count,
                                       size_t *taken, uint8_t *output, size_t output_count, size_t *written) {
    struct inflate_state *state = inflater->isal;
    if (inflater->at_member_start) {
        if (input_count == 0) { *taken = *written = 0; return YIR_INFLATE_MORE; }
        isal.reset(state);
        // 1f 8b opens a gzip member; anything else is read as zlib, as zlib's automatic
        // detection would (and rejected there if it is neither).
        state->crc_flag = input[0] == 0x1f ? ISAL_GZIP : ISAL_ZLIB;
        inflater->at_member_start = 0;
    }
    // ISA-L counts in 32 bits.
    uint32_t in = input_count > UINT32_MAX ? UINT32_MAX : (uint32_t)input_count;
    uint32_t out = output_count > UINT32_MAX ? UINT32_MAX : (uint32_t)output_count;
    state->next_in = (uint8_t *)input;
    state->avail_in = in;
    state->next_out = output;
    state->avail_out = out;
    int status = isal.inflate(state);
    *taken = in - state->avail_in;
    *written = out - state->avail_out;
    if (status < 0) {
        inflater->error = isal_error_text(status);
        return YIR_INFLATE_ERROR;
    }
    if (state->block_state == ISAL_BLOCK_FINISH) {
        inflater->at_member_start = 1;
        return YIR_INFLATE_MEMBER_END;
    }
    return YIR_INFLATE_MORE;
}

static yir_inflate_status inflate_zlib(yir_inflater *inflater, const uint8_t *input, size_t input_count,
                                       size_t *taken, uint8_t *output, size_t output_count, size_t *written) {
    z_stream *stream = &inflater->zlib;
    uInt in = input_count > UINT_MAX ? UINT_MAX : (uInt)input_count;
    uInt out = output_count > UINT_MAX ? UINT_MAX : (uInt)output_count;
    stream->next_in = (Bytef *)input;
    stream->avail_in = in;
    stream->next_out = output;
    stream->avail_out = out;
    int status = inflate(stream, Z_NO_FLUSH);
    *taken = in - stream->avail_in;
    *written = out - stream->avail_out;
    switch (status) {
    case Z_OK:
    case Z_BUF_ERROR:  // no progress possible: more input or output room is needed
        return YIR_INFLATE_MORE;
    case Z_STREAM_END:
        inflateReset(stream);
        return YIR_INFLATE_MEMBER_END;
    default:
        inflater->error = stream->msg ? stream->msg : "invalid data";
        return YIR_INFLATE_ERROR;
    }
}

yir_inflate_status yir_inflate(yir_inflater *inflater, const uint8_t *input, size_t input_count, size_t *taken,
                               uint8_t *output, size_t output_count, size_t *written) {
    return inflater->uses_isal
        ? inflate_isal(inflater, input, input_count, taken, output, output_count, written)
        : inflate_zlib(inflater, input, input_count, taken, output, output_count, written);
}
