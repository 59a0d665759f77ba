#include "yir_places.h"

// #embed (C23, which clang takes in C11 as an extension) compiles the file's bytes in as they
// are: megabytes of data as a Swift array literal would take the type checker minutes, and a
// generated C source of hex numbers would be five times the data's size in the repository.
// clang lists the embedded file in the dependency file, so the build redoes this one file
// when countries.bin changes.
#pragma clang diagnostic ignored "-Wc23-extensions"

// Aligned so that Swift reads its 32-bit words in place.
static const _Alignas(16) unsigned char country_index[] = {
#embed "countries.bin"
};

const unsigned char *yir_country_index_bytes(void) { return country_index; }

size_t yir_country_index_length(void) { return sizeof country_index; }
