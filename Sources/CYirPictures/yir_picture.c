#include "yir_picture.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libvips' entry points, declared as its public ABI (libvips 8.x, vips/vips.h) has them: the
// headers are not needed to build yir, and the library only when pictures are embedded.
typedef struct VipsImage VipsImage;
enum { VIPS_INTERESTING_ATTENTION = 3 };

static struct {
    int (*init)(const char *argv0);
    void (*concurrency_set)(int);
    void (*cache_set_max)(int);
    void (*block_untrusted_set)(int);
    void (*operation_block_set)(const char *name, int state);
    const char *(*find_load_buffer)(const void *data, size_t size);
    VipsImage *(*new_from_buffer)(const void *buf, size_t len, const char *option_string, ...);
    int (*get_width)(const VipsImage *);
    int (*get_height)(const VipsImage *);
    int (*thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
    int (*write_to_buffer)(VipsImage *in, const char *suffix, void **buf, size_t *size, ...);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*object_unref)(void *);
    void (*free)(void *);
    unsigned (*log_set_handler)(const char *domain, int levels, void (*handler)(const char *, int, const char *, void *),
                                void *data);
} vips;
static int vips_loaded;

// libvips' warnings (a tile it could not read, …) would go to stderr line by line; the reason a
// picture failed is taken from its error buffer instead, and said once in yir's log.
static void drop_message(const char *domain, int level, const char *message, void *data) {
    (void)domain, (void)level, (void)message, (void)data;
}
// GLib's G_LOG_LEVEL_WARNING | _MESSAGE | _INFO | _DEBUG.
enum { QUIET_LEVELS = (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7) };
static pthread_once_t vips_once = PTHREAD_ONCE_INIT;

// The loaders a thumbnail may need; every other one (TIFF, SVG, PDF, ImageMagick's, …) is
// blocked, so an untrusted file never reaches a loader that was not made for it.
static const char *const allowed_loaders[] = {
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadNsgif", "VipsForeignLoadWebp"};

#define LOAD(field, name) *(void **)&vips.field = dlsym(library, name)

static void load_vips(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    LOAD(init, "vips_init");
    LOAD(concurrency_set, "vips_concurrency_set");
    LOAD(cache_set_max, "vips_cache_set_max");
    LOAD(block_untrusted_set, "vips_block_untrusted_set");
    LOAD(operation_block_set, "vips_operation_block_set");
    LOAD(find_load_buffer, "vips_foreign_find_load_buffer");
    LOAD(new_from_buffer, "vips_image_new_from_buffer");
    LOAD(get_width, "vips_image_get_width");
    LOAD(get_height, "vips_image_get_height");
    LOAD(thumbnail_buffer, "vips_thumbnail_buffer");
    LOAD(write_to_buffer, "vips_image_write_to_buffer");
    LOAD(error_buffer, "vips_error_buffer");
    LOAD(error_clear, "vips_error_clear");
    // GLib's, found through libvips' own dependencies.
    LOAD(object_unref, "g_object_unref");
    LOAD(free, "g_free");
    LOAD(log_set_handler, "g_log_set_handler");
    void **entries = (void **)&vips;
    for (size_t i = 0; i < sizeof vips / sizeof(void *); i++)
        if (!entries[i]) return;
    if (vips.init("yir") != 0) return;
    // yir renders decks on its own threads: one picture at a time on each, and nothing kept
    // between pictures (each is made once per run and kept by yir).
    vips.concurrency_set(1);
    vips.cache_set_max(0);
    vips.block_untrusted_set(1);
    vips.log_set_handler("VIPS", QUIET_LEVELS, drop_message, NULL);
    vips.operation_block_set("VipsForeignLoad", 1);
    for (size_t i = 0; i < sizeof allowed_loaders / sizeof *allowed_loaders; i++)
        vips.operation_block_set(allowed_loaders[i], 0);
    vips_loaded = 1;
}

int yir_pictures_available(void) {
    pthread_once(&vips_once, load_vips);
    return vips_loaded;
}

static yir_picture_status fail(yir_picture_status status, const char *why, char *reason, size_t reason_size) {
    const char *detail = vips.error_buffer ? vips.error_buffer() : "";
    // libvips' message is one or more lines; the first says it.
    size_t length = strcspn(detail, "\n");
    if (reason_size > 0) snprintf(reason, reason_size, "%s%s%.*s", why, length ? ": " : "", (int)length, detail);
    if (vips.error_clear) vips.error_clear();
    return status;
}

yir_picture_status yir_picture_square(const void *data, size_t size, int pixels, int quality, void **out,
                                      size_t *out_size, char *reason, size_t reason_size) {
    *out = NULL;
    *out_size = 0;
    if (!yir_pictures_available()) return fail(YIR_PICTURE_NO_LIBRARY, "libvips.so.42 not found", reason, reason_size);
    const char *loader = vips.find_load_buffer(data, size);
    if (!loader) return fail(YIR_PICTURE_NOT_AN_IMAGE, "not a JPEG, PNG, GIF or WebP file", reason, reason_size);
    // The header alone (libvips reads pixels only when asked): how large it claims to be.
    VipsImage *header = vips.new_from_buffer(data, size, "", NULL);
    if (!header) return fail(YIR_PICTURE_NOT_AN_IMAGE, "unreadable", reason, reason_size);
    int width = vips.get_width(header), height = vips.get_height(header);
    vips.object_unref(header);
    long long claimed = (long long)width * height;
    if (claimed > YIR_PICTURE_MAX_PIXELS) {
        snprintf(reason, reason_size, "%lld pixels, more than a thumbnail has", claimed);
        return YIR_PICTURE_TOO_LARGE;
    }
    // Never scaled up: a thumbnail smaller than the square gives a square of its shorter side.
    int side = pixels < width ? pixels : width;
    if (height < side) side = height;
    if (side < 1) return fail(YIR_PICTURE_NOT_AN_IMAGE, "no pixels", reason, reason_size);
    VipsImage *square = NULL;
    // fail_on=truncated: a file cut short is no picture (libvips would fill its end with grey).
    if (vips.thumbnail_buffer((void *)data, size, &square, side, "height", side, "crop", VIPS_INTERESTING_ATTENTION,
                              "option_string", "fail_on=truncated", NULL) != 0)
        return fail(YIR_PICTURE_NOT_AN_IMAGE, "unreadable", reason, reason_size);
    char suffix[64];
    snprintf(suffix, sizeof suffix, ".webp[Q=%d,strip,effort=4]", quality);
    void *encoded = NULL;
    size_t encoded_size = 0;
    int failed = vips.write_to_buffer(square, suffix, &encoded, &encoded_size, NULL);
    vips.object_unref(square);
    if (failed) return fail(YIR_PICTURE_NOT_AN_IMAGE, "unreadable", reason, reason_size);
    *out = encoded;
    *out_size = encoded_size;
    return YIR_PICTURE_OK;
}

void yir_picture_free(void *buffer) {
    if (buffer && vips.free) vips.free(buffer);
}
