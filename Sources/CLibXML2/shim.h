// libxml2 for Swift. Debian builds libxml2 with ICU; its headers then pull in ICU's, whose
// UErrorCode clashes with the one Foundation brings: read the version header first and
// switch ICU off before the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

// xmlFree is a global function pointer, which Swift 6 will not read from another module.
static inline void yir_xml_free(void *pointer) { xmlFree(pointer); }

// libxml2 prints what goes wrong on standard error (a bare "I/O error" when a write fails)
// unless a handler says otherwise. yir reports its own errors, once, in its own words: its
// writer sets this handler, which drops the message. libxml2 2.9 keeps handlers per thread.
// Structured handlers (the validator's) still come first.
static inline void yir_xml_drop_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}
static inline void yir_xml_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, yir_xml_drop_error); }
