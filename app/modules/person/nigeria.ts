/**
 * Nigeria's 36 states and the Federal Capital Territory with their 774 Local Government Areas
 * (the FCT's six are officially "Area Councils"; the form calls them all local governments).
 * Data only, plus tiny lookups: the registration form imports this into the client bundle and
 * the shared zod schema uses the same helpers on the server, so it must not import anything.
 *
 * Source and checks. Started from the npm package `nigerian-states-and-lgas` 1.0.8 (the only
 * package we found with the right 37 / 774 counts; `naija-state-local-government` has 846 LGAs,
 * some in the wrong state), then each name was checked against INEC-style official lists. The
 * tests pin the per-state counts (Abia 17 … FCT 6, summing to 774). Deliberate differences from
 * that package, so nobody "fixes" them back:
 *   State    Kastina → Katsina (misspelt state name)
 *   Abia     Obi Ngwa → Obingwa
 *   Adamawa  Fufure → Fufore; Gayuk → Guyuk
 *   Bauchi   Ganju/Ganjuwa → Ganjuwa
 *   Bayelsa  Ekere/Ekeremor → Ekeremor; Sagba/Sagbama → Sagbama
 *   Benue    Oturkpo → Otukpo
 *   Cross R. Yakuur → Yakurr
 *   Imo      Unuimo → Onuimo
 *   Katsina  Sanda/Sandamu → Sandamu
 *   Kebbi    Aleiro → Aliero; Arewa → Arewa Dandi; Maiya/Maiyama → Maiyama; Danko-Wasagu → Danko/Wasagu
 *   Nasarawa Nasarawa Egon → Nasarawa Eggon
 *   Niger    Moya → Munya
 *   Ogun     Obafemi/Obafemi Owode → Obafemi Owode; Shaga/Shagamu → Sagamu
 *   Osun     Aiyedaade → Ayedaade; Aiyedire → Ayedire
 *   Oyo      Ori Ire → Oriire
 *   Rivers   Emuoha → Emohua
 *   Sokoto   Goron/Goronyo → Goronyo; Wamako → Wamakko
 *   Taraba   Kumi → Kurmi
 *   Zamfara  Chafe → Tsafe
 * Names kept although other spellings are also in use: Pategi (Patigi), Osisioma (Osisioma Ngwa),
 * Ezinihitte (Ezinihitte Mbaise), Nasarawa in Kano (Nassarawa), Ogbomosho (Ogbomoso), Mai'Adua.
 *
 * Stored values are these exact strings (attendees.state / local_government), so renaming an
 * entry orphans existing rows: add a data migration with any change here.
 * States and LGAs are sorted with Intl.Collator("en") (for these names the same as code-point order);
 * the FCT therefore sits between Enugu and Gombe.
 */

export type NigerianState = { name: string; lgas: readonly string[] };

/** Canonical name of the FCT; "FCT" and "Abuja" are accepted by `canonicalStateName` only. */
export const FCT_NAME = "Federal Capital Territory";

// biome-ignore format: compact data table, one state per block
export const NIGERIA_STATES: readonly NigerianState[] = [
  { name: "Abia", lgas: [ // 17
    "Aba North", "Aba South", "Arochukwu", "Bende", "Ikwuano", "Isiala Ngwa North", "Isiala Ngwa South", "Isuikwuato", "Obingwa",
    "Ohafia", "Osisioma", "Ugwunagbo", "Ukwa East", "Ukwa West", "Umu Nneochi", "Umuahia North", "Umuahia South",
  ] },
  { name: "Adamawa", lgas: [ // 21
    "Demsa", "Fufore", "Ganye", "Girei", "Gombi", "Guyuk", "Hong", "Jada", "Lamurde", "Madagali", "Maiha", "Mayo Belwa", "Michika",
    "Mubi North", "Mubi South", "Numan", "Shelleng", "Song", "Toungo", "Yola North", "Yola South",
  ] },
  { name: "Akwa Ibom", lgas: [ // 31
    "Abak", "Eastern Obolo", "Eket", "Esit Eket", "Essien Udim", "Etim Ekpo", "Etinan", "Ibeno", "Ibesikpo Asutan", "Ibiono-Ibom",
    "Ika", "Ikono", "Ikot Abasi", "Ikot Ekpene", "Ini", "Itu", "Mbo", "Mkpat-Enin", "Nsit-Atai", "Nsit-Ibom", "Nsit-Ubium",
    "Obot Akara", "Okobo", "Onna", "Oron", "Oruk Anam", "Udung-Uko", "Ukanafun", "Uruan", "Urue-Offong/Oruko", "Uyo",
  ] },
  { name: "Anambra", lgas: [ // 21
    "Aguata", "Anambra East", "Anambra West", "Anaocha", "Awka North", "Awka South", "Ayamelum", "Dunukofia", "Ekwusigo",
    "Idemili North", "Idemili South", "Ihiala", "Njikoka", "Nnewi North", "Nnewi South", "Ogbaru", "Onitsha North",
    "Onitsha South", "Orumba North", "Orumba South", "Oyi",
  ] },
  { name: "Bauchi", lgas: [ // 20
    "Alkaleri", "Bauchi", "Bogoro", "Damban", "Darazo", "Dass", "Gamawa", "Ganjuwa", "Giade", "Itas/Gadau", "Jama'are", "Katagum",
    "Kirfi", "Misau", "Ningi", "Shira", "Tafawa Balewa", "Toro", "Warji", "Zaki",
  ] },
  { name: "Bayelsa", lgas: [ // 8
    "Brass", "Ekeremor", "Kolokuma/Opokuma", "Nembe", "Ogbia", "Sagbama", "Southern Ijaw", "Yenagoa",
  ] },
  { name: "Benue", lgas: [ // 23
    "Ado", "Agatu", "Apa", "Buruku", "Gboko", "Guma", "Gwer East", "Gwer West", "Katsina-Ala", "Konshisha", "Kwande", "Logo",
    "Makurdi", "Obi", "Ogbadibo", "Ohimini", "Oju", "Okpokwu", "Otukpo", "Tarka", "Ukum", "Ushongo", "Vandeikya",
  ] },
  { name: "Borno", lgas: [ // 27
    "Abadam", "Askira/Uba", "Bama", "Bayo", "Biu", "Chibok", "Damboa", "Dikwa", "Gubio", "Guzamala", "Gwoza", "Hawul", "Jere",
    "Kaga", "Kala/Balge", "Konduga", "Kukawa", "Kwaya Kusar", "Mafa", "Magumeri", "Maiduguri", "Marte", "Mobbar", "Monguno",
    "Ngala", "Nganzai", "Shani",
  ] },
  { name: "Cross River", lgas: [ // 18
    "Abi", "Akamkpa", "Akpabuyo", "Bakassi", "Bekwarra", "Biase", "Boki", "Calabar Municipal", "Calabar South", "Etung", "Ikom",
    "Obanliku", "Obubra", "Obudu", "Odukpani", "Ogoja", "Yakurr", "Yala",
  ] },
  { name: "Delta", lgas: [ // 25
    "Aniocha North", "Aniocha South", "Bomadi", "Burutu", "Ethiope East", "Ethiope West", "Ika North East", "Ika South",
    "Isoko North", "Isoko South", "Ndokwa East", "Ndokwa West", "Okpe", "Oshimili North", "Oshimili South", "Patani", "Sapele",
    "Udu", "Ughelli North", "Ughelli South", "Ukwuani", "Uvwie", "Warri North", "Warri South", "Warri South West",
  ] },
  { name: "Ebonyi", lgas: [ // 13
    "Abakaliki", "Afikpo North", "Afikpo South", "Ebonyi", "Ezza North", "Ezza South", "Ikwo", "Ishielu", "Ivo", "Izzi",
    "Ohaozara", "Ohaukwu", "Onicha",
  ] },
  { name: "Edo", lgas: [ // 18
    "Akoko-Edo", "Egor", "Esan Central", "Esan North-East", "Esan South-East", "Esan West", "Etsako Central", "Etsako East",
    "Etsako West", "Igueben", "Ikpoba Okha", "Oredo", "Orhionmwon", "Ovia North-East", "Ovia South-West", "Owan East", "Owan West",
    "Uhunmwonde",
  ] },
  { name: "Ekiti", lgas: [ // 16
    "Ado Ekiti", "Efon", "Ekiti East", "Ekiti South-West", "Ekiti West", "Emure", "Gbonyin", "Ido Osi", "Ijero", "Ikere", "Ikole",
    "Ilejemeje", "Irepodun/Ifelodun", "Ise/Orun", "Moba", "Oye",
  ] },
  { name: "Enugu", lgas: [ // 17
    "Aninri", "Awgu", "Enugu East", "Enugu North", "Enugu South", "Ezeagu", "Igbo Etiti", "Igbo Eze North", "Igbo Eze South",
    "Isi Uzo", "Nkanu East", "Nkanu West", "Nsukka", "Oji River", "Udenu", "Udi", "Uzo-Uwani",
  ] },
  { name: "Federal Capital Territory", lgas: [ // 6
    "Abaji", "Abuja Municipal Area Council", "Bwari", "Gwagwalada", "Kuje", "Kwali",
  ] },
  { name: "Gombe", lgas: [ // 11
    "Akko", "Balanga", "Billiri", "Dukku", "Funakaye", "Gombe", "Kaltungo", "Kwami", "Nafada", "Shongom", "Yamaltu/Deba",
  ] },
  { name: "Imo", lgas: [ // 27
    "Aboh Mbaise", "Ahiazu Mbaise", "Ehime Mbano", "Ezinihitte", "Ideato North", "Ideato South", "Ihitte/Uboma", "Ikeduru",
    "Isiala Mbano", "Isu", "Mbaitoli", "Ngor Okpala", "Njaba", "Nkwerre", "Nwangele", "Obowo", "Oguta", "Ohaji/Egbema", "Okigwe",
    "Onuimo", "Orlu", "Orsu", "Oru East", "Oru West", "Owerri Municipal", "Owerri North", "Owerri West",
  ] },
  { name: "Jigawa", lgas: [ // 27
    "Auyo", "Babura", "Biriniwa", "Birnin Kudu", "Buji", "Dutse", "Gagarawa", "Garki", "Gumel", "Guri", "Gwaram", "Gwiwa",
    "Hadejia", "Jahun", "Kafin Hausa", "Kaugama", "Kazaure", "Kiri Kasama", "Kiyawa", "Maigatari", "Malam Madori", "Miga",
    "Ringim", "Roni", "Sule Tankarkar", "Taura", "Yankwashi",
  ] },
  { name: "Kaduna", lgas: [ // 23
    "Birnin Gwari", "Chikun", "Giwa", "Igabi", "Ikara", "Jaba", "Jema'a", "Kachia", "Kaduna North", "Kaduna South", "Kagarko",
    "Kajuru", "Kaura", "Kauru", "Kubau", "Kudan", "Lere", "Makarfi", "Sabon Gari", "Sanga", "Soba", "Zangon Kataf", "Zaria",
  ] },
  { name: "Kano", lgas: [ // 44
    "Ajingi", "Albasu", "Bagwai", "Bebeji", "Bichi", "Bunkure", "Dala", "Dambatta", "Dawakin Kudu", "Dawakin Tofa", "Doguwa",
    "Fagge", "Gabasawa", "Garko", "Garun Mallam", "Gaya", "Gezawa", "Gwale", "Gwarzo", "Kabo", "Kano Municipal", "Karaye",
    "Kibiya", "Kiru", "Kumbotso", "Kunchi", "Kura", "Madobi", "Makoda", "Minjibir", "Nasarawa", "Rano", "Rimin Gado", "Rogo",
    "Shanono", "Sumaila", "Takai", "Tarauni", "Tofa", "Tsanyawa", "Tudun Wada", "Ungogo", "Warawa", "Wudil",
  ] },
  { name: "Katsina", lgas: [ // 34
    "Bakori", "Batagarawa", "Batsari", "Baure", "Bindawa", "Charanchi", "Dan Musa", "Dandume", "Danja", "Daura", "Dutsi",
    "Dutsin Ma", "Faskari", "Funtua", "Ingawa", "Jibia", "Kafur", "Kaita", "Kankara", "Kankia", "Katsina", "Kurfi", "Kusada",
    "Mai'Adua", "Malumfashi", "Mani", "Mashi", "Matazu", "Musawa", "Rimi", "Sabuwa", "Safana", "Sandamu", "Zango",
  ] },
  { name: "Kebbi", lgas: [ // 21
    "Aliero", "Arewa Dandi", "Argungu", "Augie", "Bagudo", "Birnin Kebbi", "Bunza", "Dandi", "Danko/Wasagu", "Fakai", "Gwandu",
    "Jega", "Kalgo", "Koko/Besse", "Maiyama", "Ngaski", "Sakaba", "Shanga", "Suru", "Yauri", "Zuru",
  ] },
  { name: "Kogi", lgas: [ // 21
    "Adavi", "Ajaokuta", "Ankpa", "Bassa", "Dekina", "Ibaji", "Idah", "Igalamela Odolu", "Ijumu", "Kabba/Bunu", "Kogi", "Lokoja",
    "Mopa Muro", "Ofu", "Ogori/Magongo", "Okehi", "Okene", "Olamaboro", "Omala", "Yagba East", "Yagba West",
  ] },
  { name: "Kwara", lgas: [ // 16
    "Asa", "Baruten", "Edu", "Ekiti", "Ifelodun", "Ilorin East", "Ilorin South", "Ilorin West", "Irepodun", "Isin", "Kaiama",
    "Moro", "Offa", "Oke Ero", "Oyun", "Pategi",
  ] },
  { name: "Lagos", lgas: [ // 20
    "Agege", "Ajeromi-Ifelodun", "Alimosho", "Amuwo-Odofin", "Apapa", "Badagry", "Epe", "Eti Osa", "Ibeju-Lekki", "Ifako-Ijaiye",
    "Ikeja", "Ikorodu", "Kosofe", "Lagos Island", "Lagos Mainland", "Mushin", "Ojo", "Oshodi-Isolo", "Shomolu", "Surulere",
  ] },
  { name: "Nasarawa", lgas: [ // 13
    "Akwanga", "Awe", "Doma", "Karu", "Keana", "Keffi", "Kokona", "Lafia", "Nasarawa", "Nasarawa Eggon", "Obi", "Toto", "Wamba",
  ] },
  { name: "Niger", lgas: [ // 25
    "Agaie", "Agwara", "Bida", "Borgu", "Bosso", "Chanchaga", "Edati", "Gbako", "Gurara", "Katcha", "Kontagora", "Lapai", "Lavun",
    "Magama", "Mariga", "Mashegu", "Mokwa", "Munya", "Paikoro", "Rafi", "Rijau", "Shiroro", "Suleja", "Tafa", "Wushishi",
  ] },
  { name: "Ogun", lgas: [ // 20
    "Abeokuta North", "Abeokuta South", "Ado-Odo/Ota", "Ewekoro", "Ifo", "Ijebu East", "Ijebu North", "Ijebu North East",
    "Ijebu Ode", "Ikenne", "Imeko Afon", "Ipokia", "Obafemi Owode", "Odeda", "Odogbolu", "Ogun Waterside", "Remo North", "Sagamu",
    "Yewa North", "Yewa South",
  ] },
  { name: "Ondo", lgas: [ // 18
    "Akoko North-East", "Akoko North-West", "Akoko South-East", "Akoko South-West", "Akure North", "Akure South", "Ese Odo",
    "Idanre", "Ifedore", "Ilaje", "Ile Oluji/Okeigbo", "Irele", "Odigbo", "Okitipupa", "Ondo East", "Ondo West", "Ose", "Owo",
  ] },
  { name: "Osun", lgas: [ // 30
    "Atakunmosa East", "Atakunmosa West", "Ayedaade", "Ayedire", "Boluwaduro", "Boripe", "Ede North", "Ede South", "Egbedore",
    "Ejigbo", "Ife Central", "Ife East", "Ife North", "Ife South", "Ifedayo", "Ifelodun", "Ila", "Ilesa East", "Ilesa West",
    "Irepodun", "Irewole", "Isokan", "Iwo", "Obokun", "Odo Otin", "Ola Oluwa", "Olorunda", "Oriade", "Orolu", "Osogbo",
  ] },
  { name: "Oyo", lgas: [ // 33
    "Afijio", "Akinyele", "Atiba", "Atisbo", "Egbeda", "Ibadan North", "Ibadan North-East", "Ibadan North-West",
    "Ibadan South-East", "Ibadan South-West", "Ibarapa Central", "Ibarapa East", "Ibarapa North", "Ido", "Irepo", "Iseyin",
    "Itesiwaju", "Iwajowa", "Kajola", "Lagelu", "Ogbomosho North", "Ogbomosho South", "Ogo Oluwa", "Olorunsogo", "Oluyole",
    "Ona Ara", "Orelope", "Oriire", "Oyo East", "Oyo West", "Saki East", "Saki West", "Surulere",
  ] },
  { name: "Plateau", lgas: [ // 17
    "Barkin Ladi", "Bassa", "Bokkos", "Jos East", "Jos North", "Jos South", "Kanam", "Kanke", "Langtang North", "Langtang South",
    "Mangu", "Mikang", "Pankshin", "Qua'an Pan", "Riyom", "Shendam", "Wase",
  ] },
  { name: "Rivers", lgas: [ // 23
    "Abua/Odual", "Ahoada East", "Ahoada West", "Akuku-Toru", "Andoni", "Asari-Toru", "Bonny", "Degema", "Eleme", "Emohua",
    "Etche", "Gokana", "Ikwerre", "Khana", "Obio/Akpor", "Ogba/Egbema/Ndoni", "Ogu/Bolo", "Okrika", "Omuma", "Opobo/Nkoro",
    "Oyigbo", "Port Harcourt", "Tai",
  ] },
  { name: "Sokoto", lgas: [ // 23
    "Binji", "Bodinga", "Dange Shuni", "Gada", "Goronyo", "Gudu", "Gwadabawa", "Illela", "Isa", "Kebbe", "Kware", "Rabah",
    "Sabon Birni", "Shagari", "Silame", "Sokoto North", "Sokoto South", "Tambuwal", "Tangaza", "Tureta", "Wamakko", "Wurno",
    "Yabo",
  ] },
  { name: "Taraba", lgas: [ // 16
    "Ardo Kola", "Bali", "Donga", "Gashaka", "Gassol", "Ibi", "Jalingo", "Karim Lamido", "Kurmi", "Lau", "Sardauna", "Takum",
    "Ussa", "Wukari", "Yorro", "Zing",
  ] },
  { name: "Yobe", lgas: [ // 17
    "Bade", "Bursari", "Damaturu", "Fika", "Fune", "Geidam", "Gujba", "Gulani", "Jakusko", "Karasuwa", "Machina", "Nangere",
    "Nguru", "Potiskum", "Tarmuwa", "Yunusari", "Yusufari",
  ] },
  { name: "Zamfara", lgas: [ // 14
    "Anka", "Bakura", "Birnin Magaji/Kiyaw", "Bukkuyum", "Bungudu", "Gummi", "Gusau", "Kaura Namoda", "Maradun", "Maru",
    "Shinkafi", "Talata Mafara", "Tsafe", "Zurmi",
  ] },
];

export const STATE_NAMES: readonly string[] = NIGERIA_STATES.map((s) => s.name);

/**
 * The state the summit is held in, first in every list of states people pick from (the web form,
 * USSD): most who register live there, and alphabetically it is the last of 37. No setting names a
 * state (the venue is free text), so it is named here; if the summit ever moves, this is the line to
 * change (nigeria.test.ts checks it is one of NIGERIA_STATES).
 */
export const HOST_STATE = "Zamfara";

/** The host state, then every other state alphabetically: the order people are offered them in. */
export const STATES_HOST_FIRST: readonly NigerianState[] = [
  ...NIGERIA_STATES.filter((s) => s.name === HOST_STATE),
  ...NIGERIA_STATES.filter((s) => s.name !== HOST_STATE),
];

const LGAS_BY_STATE: ReadonlyMap<string, ReadonlySet<string>> = new Map(NIGERIA_STATES.map((s) => [s.name, new Set(s.lgas)]));

/** The LGAs of a state (exact, case-sensitive name), or an empty list for an unknown state. */
export function lgasOf(state: string): readonly string[] {
  return NIGERIA_STATES.find((s) => s.name === state)?.lgas ?? [];
}

/** Exact, case-sensitive match: the form posts the option values verbatim. */
export function isValidState(name: string): boolean {
  return LGAS_BY_STATE.has(name);
}

/** Exact, case-sensitive match of an LGA within the given state. */
export function isValidLga(state: string, lga: string): boolean {
  return LGAS_BY_STATE.get(state)?.has(lga) ?? false;
}

const STATE_ALIASES: ReadonlyMap<string, string> = new Map([
  ...STATE_NAMES.map((name) => [name.toLowerCase(), name] as const),
  ["fct", FCT_NAME],
  ["fct abuja", FCT_NAME],
  ["fct - abuja", FCT_NAME],
  ["abuja", FCT_NAME],
  ["abuja fct", FCT_NAME],
  ["federal capital territory abuja", FCT_NAME],
]);

/**
 * Tolerant lookup for data that did not come from our select (imports, admin filters):
 * ignores case, extra spaces, brackets, commas and a trailing " State", and maps the FCT's
 * short names ("FCT", "Abuja", "FCT (Abuja)"). Returns the canonical name, or undefined. Validation of form input stays exact (`isValidState`).
 */
export function canonicalStateName(input: string): string | undefined {
  const key = input.toLowerCase().replace(/[(),]/g, " ").replace(/\s+/g, " ").trim();
  return STATE_ALIASES.get(key) ?? STATE_ALIASES.get(key.replace(/ state$/, ""));
}
