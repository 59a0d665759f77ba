#include "yir_word_breaks.h"

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The patterns are compiled in from the files Debian's hyphen-* packages install (the ones
// LibreOffice uses), so the one yir file hyphenates without them on the machine it runs on;
// `make deps` installs them where yir is built. The BudouX models are this folder's own copies.
// #embed, as in CYirPlaces: clang lists each file in the dependency file, so a changed one is
// compiled in again.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char de[] = {
#embed "/usr/share/hyphen/hyph_de_DE.dic"
};
static const unsigned char en[] = {
#embed "/usr/share/hyphen/hyph_en_US.dic"
};
static const unsigned char es[] = {
#embed "/usr/share/hyphen/hyph_es_ES.dic"
};
static const unsigned char fr[] = {
#embed "/usr/share/hyphen/hyph_fr.dic"
};
static const unsigned char hi[] = {
#embed "/usr/share/hyphen/hyph_hi_IN.dic"
};
static const unsigned char id[] = {
#embed "/usr/share/hyphen/hyph_id_ID.dic"
};
static const unsigned char it[] = {
#embed "/usr/share/hyphen/hyph_it_IT.dic"
};
static const unsigned char nl[] = {
#embed "/usr/share/hyphen/hyph_nl_NL.dic"
};
static const unsigned char pl[] = {
#embed "/usr/share/hyphen/hyph_pl_PL.dic"
};
static const unsigned char pt_br[] = {
#embed "/usr/share/hyphen/hyph_pt_BR.dic"
};
static const unsigned char ru[] = {
#embed "/usr/share/hyphen/hyph_ru_RU.dic"
};
static const unsigned char uk[] = {
#embed "/usr/share/hyphen/hyph_uk_UA.dic"
};

static const unsigned char ja[] = {
#embed "budoux/ja.json"
};
static const unsigned char zh_hans[] = {
#embed "budoux/zh-hans.json"
};
static const unsigned char zh_hant[] = {
#embed "budoux/zh-hant.json"
};

struct entry {
    const char *name;
    const unsigned char *bytes;
    size_t length;
};

// Portuguese is Brazil's patterns, for Portugal's too: the two break words alike, Brazil's are
// the fuller set, and Portugal's file is GPL-2 alone (decision 137).
static const struct entry patterns[] = {
    {"de", de, sizeof de}, {"en", en, sizeof en}, {"es", es, sizeof es}, {"fr", fr, sizeof fr},
    {"hi", hi, sizeof hi}, {"id", id, sizeof id}, {"it", it, sizeof it}, {"nl", nl, sizeof nl},
    {"pl", pl, sizeof pl}, {"pt", pt_br, sizeof pt_br},
    {"ru", ru, sizeof ru}, {"uk", uk, sizeof uk},
};

static const struct entry models[] = {
    {"ja", ja, sizeof ja}, {"zh-hans", zh_hans, sizeof zh_hans}, {"zh-hant", zh_hant, sizeof zh_hant},
};

static const struct entry *find(const struct entry *entries, size_t count, const char *name) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(entries[i].name, name) == 0) return &entries[i];
    }
    return NULL;
}

// A pattern file starts with the name of its encoding on a line of its own (UTF-8, ISO8859-1,
// ISO8859-2, KOI8-R); libhyphen matches the words' bytes as they are, so a file in another
// encoding than UTF-8 is converted, its first line then saying UTF-8.
static unsigned char *as_utf8(const unsigned char *bytes, size_t length, size_t *converted) {
    size_t line = 0;
    while (line < length && bytes[line] != '\n') line++;
    if (line >= length || line >= 32) return NULL;
    char charset[32];
    size_t name = line;
    while (name > 0 && (bytes[name - 1] == '\r' || bytes[name - 1] == ' ')) name--;
    memcpy(charset, bytes, name);
    charset[name] = '\0';

    static const char header[] = "UTF-8\n";
    size_t rest = length - line - 1, capacity = sizeof header + rest * 4;
    unsigned char *out = malloc(capacity);
    if (!out) return NULL;
    memcpy(out, header, sizeof header - 1);
    if (strcmp(charset, "UTF-8") == 0) {
        memcpy(out + sizeof header - 1, bytes + line + 1, rest);
        *converted = sizeof header - 1 + rest;
        return out;
    }
    iconv_t cd = iconv_open("UTF-8", charset);
    if (cd == (iconv_t)-1) {
        free(out);
        return NULL;
    }
    char *in = (char *)(bytes + line + 1), *to = (char *)out + sizeof header - 1;
    size_t inLeft = rest, outLeft = capacity - (sizeof header - 1);
    size_t result = iconv(cd, &in, &inLeft, &to, &outLeft);
    iconv_close(cd);
    if (result == (size_t)-1) {
        free(out);
        return NULL;
    }
    *converted = capacity - outLeft;
    return out;
}

HyphenDict *yir_hyphen_load(const char *language) {
    const struct entry *entry = find(patterns, sizeof patterns / sizeof *patterns, language);
    if (!entry) return NULL;
    size_t length = 0;
    unsigned char *text = as_utf8(entry->bytes, entry->length, &length);
    if (!text) return NULL;
    // libhyphen reads a FILE: the converted bytes are one, in memory.
    FILE *file = fmemopen(text, length, "r");
    HyphenDict *dict = file ? hnj_hyphen_load_file(file) : NULL;
    if (file) fclose(file);
    free(text);
    return dict;
}

int yir_hyphen_points(HyphenDict *dict, const char *word, int length, char *points, int left, int right) {
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    memset(points, 0, (size_t)length + 5);
    int failed = hnj_hyphen_hyphenate3(dict, word, length, points, NULL, &rep, &pos, &cut, left, right, left, right);
    for (int i = 0; i < length; i++) {
        points[i] = !failed && (points[i] & 1) && !(rep && rep[i]);
        if (rep) free(rep[i]);
    }
    free(rep);
    free(pos);
    free(cut);
    return failed ? -1 : 0;
}

const unsigned char *yir_phrase_model(const char *name, size_t *length) {
    const struct entry *entry = find(models, sizeof models / sizeof *models, name);
    if (!entry) return NULL;
    *length = entry->length;
    return entry->bytes;
}
