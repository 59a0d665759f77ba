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
