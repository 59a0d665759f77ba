#ifndef YIR_WORD_BREAKS_H
#define YIR_WORD_BREAKS_H

#include <stddef.h>
#include <hyphen.h>

/// The hyphenation patterns compiled in for `language` (a primary language subtag, lower case),
/// loaded into a libhyphen dictionary whose texts are UTF-8 whatever the file's own encoding;
/// NULL when none is compiled in for it. The caller owns it (`hnj_hyphen_free`); it is only
/// read while hyphenating, so threads may share it.
HyphenDict *yir_hyphen_load(const char *language);

/// The hyphenation points of a word of `length` UTF-8 bytes, in lower case: `points[i]` is 1
/// where the word may break after its character `i` (a Unicode scalar), 0 elsewhere. `points`
/// holds `length + 5` bytes. A point where the word would change as it breaks (a
/// non-standard one, German "Schiffahrt" → "Schiff-fahrt") is not one. `left` and `right` are
/// the fewest characters kept before the first point and after the last; a dictionary that asks
/// for more gets more. Returns 0, or -1 when libhyphen could not hyphenate.
int yir_hyphen_points(HyphenDict *dict, const char *word, int length, char *points, int left, int right);

/// The BudouX phrase model compiled in under `name` (`ja`, `zh-hans`, `zh-hant`): its JSON
/// bytes, alive for the whole process; NULL when there is none. `length` receives its length.
const unsigned char *yir_phrase_model(const char *name, size_t *length);

#endif
