#ifndef YIR_PICTURE_H
#define YIR_PICTURE_H

#include <stddef.h>

// A thumbnail made into a deck's picture by libvips, which is loaded at run time (dlopen), so
// that yir runs on a machine without it and only `--images embed` needs it.

typedef enum {
    YIR_PICTURE_OK = 0,
    // libvips (libvips.so.42) could not be loaded.
    YIR_PICTURE_NO_LIBRARY,
    // Not a JPEG, PNG, GIF or WebP file, or one libvips cannot read to its end.
    YIR_PICTURE_NOT_AN_IMAGE,
    // More pixels than a thumbnail ever has (YIR_PICTURE_MAX_PIXELS).
    YIR_PICTURE_TOO_LARGE,
} yir_picture_status;

// A thumbnail of a wiki is a few hundred pixels a side; 40 megapixels is a photograph's whole
// size. Past it a file is refused before it is decoded: a small file can claim a huge image.
#define YIR_PICTURE_MAX_PIXELS 40000000LL

// 1 when libvips is loaded (the first call loads it, once per process), else 0.
int yir_pictures_available(void);

// `data` (a JPEG, PNG, GIF or WebP file) cropped to a square where libvips' attention finds the
// subject, scaled down to `pixels` a side (never up: a smaller thumbnail gives the square of its
// shorter side), encoded as lossy WebP at `quality`. On
// success *out is the file (free it with yir_picture_free); otherwise `reason` says why.
yir_picture_status yir_picture_square(const void *data, size_t size, int pixels, int quality, void **out,
                                      size_t *out_size, char *reason, size_t reason_size);

void yir_picture_free(void *buffer);

#endif
