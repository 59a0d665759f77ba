/// CLDR's names of the territories where the ICU that Foundation carries names them otherwise:
/// a vendor's variants ("China mainland" for China, "Chagos Archipelago" for the British Indian
/// Ocean Territory, the short "Hong Kong" for CLDR's "Hong Kong SAR China") and spellings CLDR
/// has since changed (Hindi "इंडोनेशिया"). Every name is CLDR 47's standard territory name, in
/// the 20 languages yir ships, for the countries a place can lie in (`CountryLookup.countries`);
/// `LanguageTests` checks the whole table, and every name yir shows, against Babel's CLDR.
enum TerritoryNames {
    static let corrections: [String: [String: String]] = [
        "ar": [
            "CN": "الصين", "HK": "هونغ كونغ الصينية (منطقة إدارية خاصة)", "IO": "الإقليم البريطاني في المحيط الهندي",
            "MO": "منطقة ماكاو الإدارية الخاصة",
        ],
        "de": [
            "CN": "China", "HK": "Sonderverwaltungsregion Hongkong", "IO": "Britisches Territorium im Indischen Ozean",
            "MO": "Sonderverwaltungsregion Macau",
        ],
        "en": [
            "CN": "China", "GS": "South Georgia & South Sandwich Islands", "HK": "Hong Kong SAR China",
            "IO": "British Indian Ocean Territory", "MO": "Macao SAR China",
        ],
        "es": [
            "CN": "China", "HK": "RAE de Hong Kong (China)", "IO": "Territorio Británico del Océano Índico",
            "MO": "RAE de Macao (China)", "TL": "Timor-Leste",
        ],
        "fa": [
            "HK": "هنگ‌کنگ، منطقهٔ ویژهٔ اداری چین", "MO": "ماکائو، منطقهٔ ویژهٔ اداری چین",
        ],
        "fr": [
            "CN": "Chine", "HK": "R.A.S. chinoise de Hong Kong", "IO": "Territoire britannique de l’océan Indien",
            "MO": "R.A.S. chinoise de Macao", "UM": "Îles mineures éloignées des États-Unis",
        ],
        "he": [
            "CN": "סין", "HK": "הונג קונג (אזור מנהלי מיוחד של סין)", "IO": "הטריטוריה הבריטית באוקיינוס ההודי",
            "MO": "מקאו (אזור מנהלי מיוחד של סין)",
        ],
        "hi": [
            "AF": "अफ़गानिस्तान", "CI": "कोत दिवुआर", "CN": "चीन", "CR": "कोस्टारिका", "GT": "ग्वाटेमाला",
            "HK": "हाँग काँग (चीन विशेष प्रशासनिक क्षेत्र)", "HT": "हैती", "ID": "इंडोनेशिया",
            "IO": "ब्रिटिश हिंद महासागरीय क्षेत्र", "IQ": "इराक", "KZ": "कज़ाखस्तान", "LI": "लिचेंस्टीन",
            "MO": "मकाऊ (विशेष प्रशासनिक क्षेत्र चीन)", "MX": "मैक्सिको", "UM": "यू॰एस॰ आउटलाइंग द्वीपसमूह",
            "US": "संयुक्त राज्य",
        ],
        "id": [
            "CN": "Tiongkok", "HK": "Hong Kong DAK Tiongkok", "IO": "Wilayah Inggris di Samudra Hindia",
            "MO": "Makau DAK Tiongkok",
        ],
        "it": [
            "CD": "Congo - Kinshasa", "CI": "Costa d’Avorio", "CN": "Cina", "HK": "RAS di Hong Kong",
            "IO": "Territorio Britannico dell’Oceano Indiano", "MO": "RAS di Macao", "SH": "Sant’Elena",
        ],
        "ja": [
            "CD": "コンゴ民主共和国(キンシャサ)", "CG": "コンゴ共和国(ブラザビル)", "CN": "中国", "HK": "中華人民共和国香港特別行政区", "IO": "英領インド洋地域",
            "MO": "中華人民共和国マカオ特別行政区",
        ],
        "ko": [
            "CN": "중국", "HK": "홍콩(중국 특별행정구)", "IO": "영국령 인도양 지역", "MO": "마카오(중국 특별행정구)",
        ],
        "nl": [
            "CI": "Ivoorkust", "CN": "China", "HK": "Hongkong SAR van China", "IO": "Brits Indische Oceaanterritorium",
            "MO": "Macau SAR van China",
        ],
        "pl": [
            "CN": "Chiny", "HK": "SRA Hongkong (Chiny)", "IO": "Brytyjskie Terytorium Oceanu Indyjskiego",
            "MO": "SRA Makau (Chiny)", "UM": "Dalekie Wyspy Mniejsze Stanów Zjednoczonych",
        ],
        "pt": [
            "CI": "Costa do Marfim", "CN": "China", "CW": "Curaçao", "HK": "Hong Kong, RAE da China",
            "IO": "Território Britânico do Oceano Índico", "MF": "São Martinho", "MO": "Macau, RAE da China",
        ],
        "ru": [
            "CN": "Китай", "FM": "Федеративные Штаты Микронезии", "HK": "Гонконг (САР)",
            "IO": "Британская территория в Индийском океане", "MO": "Макао (САР)", "US": "Соединенные Штаты",
        ],
        "tr": [
            "CN": "Çin", "HK": "Çin Hong Kong ÖİB", "IO": "Britanya Hint Okyanusu Toprakları", "MO": "Çin Makao ÖİB",
        ],
        "uk": [
            "CN": "Китай", "GM": "Гамбія", "HK": "Гонконг, ОАР Китаю",
            "IO": "Британська територія в Індійському океані", "MO": "Макао, ОАР Китаю",
        ],
        "zh-Hans": [
            "CN": "中国", "HK": "中国香港特别行政区", "IO": "英属印度洋领地", "MO": "中国澳门特别行政区",
        ],
        "zh-Hant": [
            "CN": "中國", "HK": "中國香港特別行政區", "IO": "英屬印度洋領地", "MO": "中國澳門特別行政區", "SL": "獅子山",
        ],
    ]
}
