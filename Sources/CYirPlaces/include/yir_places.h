#ifndef YIR_PLACES_H
#define YIR_PLACES_H

#include <stddef.h>

/// The country index that Tools/natural-earth/convert.py writes (countries.bin: Natural Earth's
/// 1:10m countries, their rings and a grid over them), compiled into the binary. Read-only,
/// 4-byte aligned, alive for the whole process.
const unsigned char *yir_country_index_bytes(void);

/// The index's length in bytes.
size_t yir_country_index_length(void);

#endif
