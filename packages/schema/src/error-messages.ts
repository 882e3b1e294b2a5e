import type { ApiErrorKey } from './api';
import { formatMessage, type MessageValue } from './message-format';
import type { ValidationKey } from './validators';

/**
 * The texts of the API's error objects (`title` and `detail`), one declaration for every language.
 * A message id is an error key (`errors[].meta.key`) or `key.variant` when one key needs several
 * sentences; `values` names the placeholders each text must use, so a call site that forgets one
 * fails to compile, and a message without a text in some language does too.
 */
export const ERROR_LANGUAGES = ['en', 'pl'] as const;
export type ErrorLanguage = (typeof ERROR_LANGUAGES)[number];
export const DEFAULT_ERROR_LANGUAGE: ErrorLanguage = 'en';

export type ErrorKey = ApiErrorKey | ValidationKey;

type ErrorText = { readonly values: readonly string[] } & { readonly [L in ErrorLanguage]: string };
type Catalogue = { readonly [K in ErrorKey]: ErrorText } & { readonly [K in `${ErrorKey}.${string}`]: ErrorText };

// Polish plural forms: one (1), few (2–4, 22–24…), many (0, 5–21…), other (fractions).
export const ERROR_MESSAGES = {
  // Validation of fields ------------------------------------------------------------------------
  required: { values: ['field'], en: '{field} is required.', pl: 'Pole „{field}” jest wymagane.' },
  'required.forIncident': {
    values: ['field', 'incidentType'],
    en: '{field} is required for {incidentType}.',
    pl: 'Pole „{field}” jest wymagane dla zdarzenia typu {incidentType}.',
  },
  whitespace: { values: ['field'], en: '{field} must not be only whitespace.', pl: 'Pole „{field}” nie może zawierać samych spacji.' },
  min: { values: ['field'], en: '{field} is too small.', pl: 'Wartość pola „{field}” jest za mała.' },
  'min.bound': { values: ['field', 'min'], en: '{field} must be at least {min}.', pl: 'Pole „{field}” musi mieć wartość co najmniej {min}.' },
  max: { values: ['field'], en: '{field} is too large.', pl: 'Wartość pola „{field}” jest za duża.' },
  'max.bound': { values: ['field', 'max'], en: '{field} must be at most {max}.', pl: 'Pole „{field}” może mieć wartość najwyżej {max}.' },
  minLength: { values: ['field'], en: '{field} is too short.', pl: 'Pole „{field}” jest za krótkie.' },
  'minLength.bound': {
    values: ['field', 'min'],
    en: '{field} must have at least {min, plural, one {# character} other {# characters}}.',
    pl: 'Pole „{field}” musi mieć co najmniej {min, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
  },
  'minLength.items': {
    values: ['field', 'min'],
    en: '{field} must have at least {min, plural, one {# item} other {# items}}.',
    pl: 'Pole „{field}” musi mieć co najmniej {min, plural, one {# pozycję} few {# pozycje} many {# pozycji} other {# pozycji}}.',
  },
  maxLength: { values: ['field'], en: '{field} is too long.', pl: 'Pole „{field}” jest za długie.' },
  'maxLength.bound': {
    values: ['field', 'max'],
    en: '{field} must have at most {max, plural, one {# character} other {# characters}}.',
    pl: 'Pole „{field}” może mieć najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
  },
  'maxLength.items': {
    values: ['field', 'max'],
    en: '{field} must have at most {max, plural, one {# item} other {# items}}.',
    pl: 'Pole „{field}” może mieć najwyżej {max, plural, one {# pozycję} few {# pozycje} many {# pozycji} other {# pozycji}}.',
  },
  pattern: { values: ['field'], en: '{field} has an invalid format.', pl: 'Pole „{field}” ma nieprawidłowy format.' },
  'pattern.nul': { values: [], en: 'Text may not contain NUL characters.', pl: 'Tekst nie może zawierać znaków NUL.' },
  email: {
    values: ['field'],
    en: '{field} must be a valid email address (at most 254 characters, 64 before the @).',
    pl: 'Pole „{field}” musi zawierać poprawny adres e-mail (najwyżej 254 znaki, w tym najwyżej 64 przed znakiem @).',
  },
  invalidWebsiteUrl: {
    values: ['field'],
    en: '{field} must be a valid http or https address.',
    pl: 'Pole „{field}” musi zawierać poprawny adres http lub https.',
  },
  atLeastOneItemRequired: {
    values: ['field'],
    en: '{field} needs at least one item.',
    pl: 'Pole „{field}” musi zawierać co najmniej jedną pozycję.',
  },
  'atLeastOneItemRequired.squads': {
    values: ['field'],
    en: '{field} needs at least one squad.',
    pl: 'Pole „{field}” musi zawierać co najmniej jedną drużynę.',
  },
  httpsUrlRequired: {
    values: ['field'],
    en: '{field} must be an https address (https://…).',
    pl: 'Pole „{field}” musi zawierać adres https (https://…).',
  },
  menuItemTarget: {
    values: ['field'],
    en: 'A menu item leads to a page or to an https address ({field}): give one of them, not both.',
    pl: 'Pozycja menu prowadzi do strony albo do adresu https (pole „{field}”): podaj jedno z nich, nie oba.',
  },
  menuLabelRequired: {
    values: ['field'],
    en: '{field}: a menu item needs a label in at least one language (without a label in a language it is not shown in it).',
    pl: 'Pole „{field}”: pozycja menu musi mieć etykietę w co najmniej jednym języku (bez etykiety w danym języku nie jest w nim pokazywana).',
  },
  menuTooDeep: {
    values: ['field'],
    en: '{field}: the menu has one level of sub-items; a sub-item cannot have sub-items of its own.',
    pl: 'Pole „{field}”: menu ma jeden poziom podpozycji; podpozycja nie może mieć własnych podpozycji.',
  },
  tooManyItems: {
    values: ['field', 'max'],
    en: '{field} may have at most {max, plural, one {# item} other {# items}}.',
    pl: 'Pole „{field}” może mieć najwyżej {max, plural, one {# pozycję} few {# pozycje} many {# pozycji} other {# pozycji}}.',
  },
  invalidType: { values: ['field'], en: '{field} has the wrong type.', pl: 'Pole „{field}” ma nieprawidłowy typ.' },
  'invalidType.video': {
    values: ['field'],
    en: '{field} could not be read as a video.',
    pl: 'Pliku z pola „{field}” nie da się odczytać jako filmu.',
  },
  'invalidType.expected': {
    values: ['field', 'expected'],
    en: '{field} has the wrong type (expected {expected}).',
    pl: 'Pole „{field}” ma nieprawidłowy typ (oczekiwano: {expected}).',
  },
  invalidEnum: { values: ['field'], en: '{field} must be one of the allowed values.', pl: 'Pole „{field}” musi mieć jedną z dozwolonych wartości.' },
  'invalidEnum.oneOf': { values: ['field', 'values'], en: '{field} must be one of {values}.', pl: 'Pole „{field}” musi mieć jedną z wartości: {values}.' },
  'invalidEnum.interfaceLanguage': {
    values: ['field'],
    en: '{field} must be one of the interface languages.',
    pl: 'Pole „{field}” musi wskazywać jeden z języków interfejsu.',
  },
  'invalidEnum.installationLanguage': {
    values: ['field', 'languages'],
    en: '{field} may only list languages this installation offers: {languages} (INTERFACE_LANGUAGES).',
    pl: 'Pole „{field}” może zawierać tylko języki, które oferuje ta instalacja: {languages} (INTERFACE_LANGUAGES).',
  },
  invalidDate: {
    values: ['field'],
    en: '{field} must be a date YYYY-MM-DD that exists.',
    pl: 'Pole „{field}” musi zawierać istniejącą datę w formacie RRRR-MM-DD.',
  },
  invalidDateTime: {
    values: ['field'],
    en: '{field} must be a date and time with an offset (ISO 8601).',
    pl: 'Pole „{field}” musi zawierać datę i godzinę ze strefą czasową (ISO 8601).',
  },
  invalidYear: { values: ['field'], en: '{field} has a year that is not valid.', pl: 'Pole „{field}” zawiera nieprawidłowy rok.' },
  invalidMonth: { values: ['field'], en: '{field} has a month that does not exist.', pl: 'Pole „{field}” zawiera nieistniejący miesiąc.' },
  invalidDay: {
    values: ['field'],
    en: '{field} has a day that does not exist in its month.',
    pl: 'Pole „{field}” zawiera dzień, którego nie ma w tym miesiącu.',
  },
  publicationDateWithoutHour: { values: ['field'], en: '{field} must include the hour.', pl: 'Pole „{field}” musi zawierać godzinę.' },
  publicationDateRangeWithoutHour: {
    values: ['field'],
    en: 'Both dates of {field} must include the hour.',
    pl: 'Obie daty w polu „{field}” muszą zawierać godzinę.',
  },
  unknownLocale: {
    values: ['field'],
    en: '{field} must be one of the locales of this record (pl, en).',
    pl: 'Pole „{field}” musi zawierać jeden z języków tej pozycji (pl, en).',
  },
  unsafeRichText: {
    values: ['field'],
    en: '{field} may not hold HTML or scripts; write the text with the editor.',
    pl: 'Pole „{field}” nie może zawierać kodu HTML ani skryptów; wpisz tekst w edytorze.',
  },
  invalidRichText: {
    values: ['field'],
    en: '{field} holds an element or a link the editor does not allow.',
    pl: 'Pole „{field}” zawiera element lub odnośnik, na który edytor nie pozwala.',
  },
  embedNotInArticle: {
    values: ['field'],
    en: '{field} embeds a component that is not one of this article’s (or not of that kind).',
    pl: 'Pole „{field}” osadza komponent, który nie należy do tego artykułu (lub jest innego rodzaju).',
  },
  publicationWindowOrder: {
    values: ['field'],
    en: '{field} must come after the start of publication.',
    pl: 'Pole „{field}” musi zawierać datę późniejszą niż początek publikacji.',
  },
  onlyOnePushLink: {
    values: ['field'],
    en: '{field}: a notification links to one article, match or page at most.',
    pl: 'Pole „{field}”: powiadomienie może prowadzić najwyżej do jednego artykułu, meczu lub strony.',
  },
  unknownAlertField: {
    values: ['field'],
    en: '{field} names a field match alerts do not have (meta.params.names lists them).',
    pl: 'Pole „{field}” zawiera pole, którego alerty meczowe nie mają (wymienia je meta.params.names).',
  },
  invalidPushEndpoint: {
    values: ['field'],
    en: '{field} must be the https address of a push service.',
    pl: 'Pole „{field}” musi zawierać adres https usługi push.',
  },
  invalidPushKey: {
    values: ['field'],
    en: '{field} is not a valid key of a push subscription (base64url: a P-256 public key of 65 bytes, an auth secret of 16).',
    pl: 'Pole „{field}” nie zawiera poprawnego klucza subskrypcji push (base64url: klucz publiczny P-256 o długości 65 bajtów, sekret auth o długości 16).',
  },
  unique: { values: ['field'], en: '{field} is already taken.', pl: 'Wartość pola „{field}” jest już zajęta.' },
  notFound: {
    values: ['field'],
    en: '{field} points to a record that does not exist.',
    pl: 'Pole „{field}” wskazuje pozycję, która nie istnieje.',
  },
  'notFound.record': { values: ['type', 'id'], en: 'No {type} with id {id}.', pl: 'Nie ma pozycji {type} o identyfikatorze {id}.' },
  'notFound.route': { values: ['method', 'path'], en: 'Nothing at {method} {path}.', pl: 'Pod adresem {method} {path} nic nie ma.' },
  'notFound.squad': { values: ['field', 'id'], en: '{field}: no squad with id {id}.', pl: '{field}: nie ma drużyny o identyfikatorze {id}.' },
  'notFound.imageFile': {
    values: ['field'],
    en: '{field} must be a picture of the media library.',
    pl: 'Pole „{field}” musi wskazywać obraz z biblioteki mediów.',
  },
  'notFound.videoFile': {
    values: ['field'],
    en: '{field} must be a video of the media library (avi, mp4 or mpg).',
    pl: 'Pole „{field}” musi wskazywać film z biblioteki mediów (avi, mp4 lub mpg).',
  },
  'notFound.image': { values: [], en: 'There is no such image.', pl: 'Nie ma takiego obrazu.' },
  unknownAttribute: {
    values: ['field'],
    en: '{field} is not an attribute of this resource.',
    pl: '„{field}” nie jest atrybutem tego zasobu.',
  },
  unknownRelationship: {
    values: ['field'],
    en: '{field} is not a relationship of this resource.',
    pl: '„{field}” nie jest powiązaniem tego zasobu.',
  },
  readOnly: { values: ['field'], en: '{field} cannot be changed through this call.', pl: 'Pola „{field}” nie można zmienić tym wywołaniem.' },
  'readOnly.incidentMatch': {
    values: ['field'],
    en: '{field} cannot be changed; delete the incident and add it to the other match.',
    pl: 'Pola „{field}” nie można zmienić; usuń zdarzenie i dodaj je do właściwego meczu.',
  },
  invalidColor: { values: ['field'], en: '{field} must be a colour like #1A2B3C.', pl: 'Pole „{field}” musi zawierać kolor w formacie #1A2B3C.' },
  invalidCountry: { values: ['field'], en: '{field} must be a country code from the list.', pl: 'Pole „{field}” musi zawierać kod kraju z listy.' },
  componentKindNotAllowed: {
    values: ['field'],
    en: 'This kind of component ({field}) cannot be placed on this page type or area.',
    pl: 'Komponentu tego rodzaju („{field}”) nie można umieścić na stronie tego typu ani w tym obszarze.',
  },
  pageTypeInUse: {
    values: ['field'],
    en: 'Pages of this type hold components that a different {field} would leave invalid: change those components first.',
    pl: 'Strony tego typu mają komponenty, które po zmianie pola „{field}” byłyby błędne: najpierw zmień te komponenty.',
  },
  'pageTypeInUse.count': {
    values: ['field', 'count'],
    en: 'Pages of this type hold {count, plural, one {# component} other {# components}} that a different {field} would leave invalid (a kind this type would not take, or a link the record of a template filled): change those components first.',
    pl: 'Strony tego typu mają {count, plural, one {# komponent} few {# komponenty} many {# komponentów} other {# komponentu}}, które po zmianie pola „{field}” byłyby błędne (rodzaj, którego ten typ nie przyjmie, albo powiązanie, które uzupełniał rekord szablonu): najpierw zmień te komponenty.',
  },
  unknownLink: { values: ['field'], en: '{field} is not a link of this kind of component.', pl: '„{field}” nie jest powiązaniem komponentu tego rodzaju.' },
  oneOwnerRequired: {
    values: ['field'],
    en: 'A component belongs to exactly one page or global page element ({field}).',
    pl: 'Komponent należy do dokładnie jednej strony albo jednego elementu globalnego („{field}”).',
  },
  linkNotAvailable: {
    values: ['field'],
    en: '{field} cannot be linked yet: its records are not available in this installation.',
    pl: 'Powiązania „{field}” nie można jeszcze ustawić: te rekordy nie są jeszcze dostępne.',
  },

  // Requests ------------------------------------------------------------------------------------
  badRequest: { values: [], en: 'The request is not valid.', pl: 'Żądanie jest nieprawidłowe.' },
  'badRequest.commentTarget': {
    values: [],
    en: 'Name exactly one of filter[article] and filter[match].',
    pl: 'Podaj dokładnie jeden z parametrów filter[article] i filter[match].',
  },
  'badRequest.unreadable': { values: ['reason'], en: 'The request cannot be processed ({reason}).', pl: 'Nie można przetworzyć żądania ({reason}).' },
  'badRequest.repeatedParameter': {
    values: ['parameter'],
    en: 'The parameter {parameter} may be given once.',
    pl: 'Parametr {parameter} można podać tylko raz.',
  },
  'badRequest.fieldsForm': {
    values: ['parameter'],
    en: 'The parameter {parameter} is not of the form fields[type].',
    pl: 'Parametr {parameter} nie ma postaci fields[typ].',
  },
  'badRequest.listOnly': { values: ['parameter'], en: '{parameter} applies to lists only.', pl: 'Parametr {parameter} dotyczy tylko list.' },
  'badRequest.deleteQuery': { values: [], en: 'Delete takes no query parameters.', pl: 'Usuwanie nie przyjmuje parametrów zapytania.' },
  'badRequest.idempotencyKey': {
    values: [],
    en: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    pl: 'Nagłówek Idempotency-Key musi mieć od 1 do 255 widocznych znaków ASCII.',
  },
  'badRequest.nulInAddress': { values: [], en: 'The address contains a NUL character.', pl: 'Adres zawiera znak NUL.' },
  'badRequest.unknownParameter': {
    values: ['parameter', 'names'],
    en: 'The parameter {parameter} is not known here; this call takes {names}.',
    pl: 'Nieznany parametr {parameter}; to wywołanie przyjmuje: {names}.',
  },
  'badRequest.unknownType': {
    values: ['parameter', 'type'],
    en: '{parameter} names "{type}", which is not a resource type.',
    pl: 'Parametr {parameter} wskazuje „{type}”, który nie jest typem zasobu.',
  },
  'badRequest.noType': {
    values: ['parameter'],
    en: '{parameter} must name at least one resource type.',
    pl: 'Parametr {parameter} musi wskazywać co najmniej jeden typ zasobu.',
  },
  'badRequest.onlyValue': { values: ['parameter', 'value'], en: 'Only {parameter}={value} is configured.', pl: 'Skonfigurowano tylko {parameter}={value}.' },
  malformedJson: { values: [], en: 'The request body is not valid JSON.', pl: 'Treść żądania nie jest poprawnym JSON-em.' },
  unsupportedMediaType: {
    values: [],
    en: 'Send application/vnd.api+json (or application/json).',
    pl: 'Wyślij treść jako application/vnd.api+json (lub application/json).',
  },
  'unsupportedMediaType.parameters': {
    values: [],
    en: 'application/vnd.api+json takes no media type parameters.',
    pl: 'Typ application/vnd.api+json nie przyjmuje parametrów.',
  },
  payloadTooLarge: { values: [], en: 'The request body is too large.', pl: 'Treść żądania jest za duża.' },
  tooManyRequests: { values: [], en: 'Too many requests; try again in a moment.', pl: 'Zbyt wiele żądań; spróbuj ponownie za chwilę.' },
  'payloadTooLarge.imagePixels': {
    values: ['pixels', 'max'],
    en: 'The picture has {pixels} pixels; the image service renders pictures of at most {max}.',
    pl: 'Obraz ma {pixels} pikseli; usługa obrazów przetwarza obrazy mające najwyżej {max}.',
  },
  'tooManyRequests.deliveryKey': {
    values: ['limit'],
    en: 'This delivery key may make {limit, plural, one {# request} other {# requests}} a minute; try again after the time in Retry-After.',
    pl: 'Ten klucz dostępu pozwala na {limit, plural, one {# żądanie} few {# żądania} many {# żądań} other {# żądania}} na minutę; spróbuj ponownie po czasie z nagłówka Retry-After.',
  },
  'tooManyRequests.imageRenders': {
    values: [],
    en: 'The image service is busy; try again in a moment.',
    pl: 'Usługa obrazów jest zajęta; spróbuj ponownie za chwilę.',
  },
  'badRequest.imageUrl': {
    values: ['reason'],
    en: 'This image address is not one the service renders ({reason}).',
    pl: 'Usługa obrazów nie obsługuje takiego adresu ({reason}).',
  },
  'internalError.imageRender': {
    values: [],
    en: 'The picture could not be rendered in time or is damaged.',
    pl: 'Nie udało się przetworzyć obrazu na czas albo plik jest uszkodzony.',
  },
  'tooManyRequests.signInSeconds': {
    values: ['seconds'],
    en: 'Too many failed sign-in attempts; try again in {seconds, plural, one {# second} other {# seconds}}.',
    pl: 'Zbyt wiele nieudanych prób logowania; spróbuj ponownie za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  },
  'tooManyRequests.signInMinutes': {
    values: ['minutes'],
    en: 'Too many failed sign-in attempts; try again in {minutes, plural, one {# minute} other {# minutes}}.',
    pl: 'Zbyt wiele nieudanych prób logowania; spróbuj ponownie za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}.',
  },
  idempotencyKeyReused: {
    values: [],
    en: 'This Idempotency-Key was used for a different request.',
    pl: 'Tego klucza Idempotency-Key użyto już w innym żądaniu.',
  },
  internalError: {
    values: [],
    en: 'Something went wrong on our side; it has been logged.',
    pl: 'Po naszej stronie coś poszło nie tak; błąd został zapisany.',
  },

  // Query parameters ----------------------------------------------------------------------------
  unknownInclude: { values: [], en: 'The requested related data is not known.', pl: 'Żądane dane powiązane są nieznane.' },
  'unknownInclude.tooDeep': {
    values: ['path', 'max'],
    en: 'The include path "{path}" is deeper than {max}.',
    pl: 'Ścieżka include „{path}” ma więcej niż {max, plural, one {# poziom} few {# poziomy} many {# poziomów} other {# poziomu}}.',
  },
  'unknownInclude.relationship': {
    values: ['type', 'relationship', 'path'],
    en: '{type} has no relationship "{relationship}" (include "{path}").',
    pl: 'Zasób {type} nie ma powiązania „{relationship}” (include „{path}”).',
  },
  unknownSort: { values: [], en: 'This list cannot be sorted that way.', pl: 'Tej listy nie można tak posortować.' },
  'unknownSort.field': { values: ['type', 'name'], en: '{type} cannot be sorted by "{name}".', pl: 'Listy {type} nie można sortować według „{name}”.' },
  'unknownSort.statistics': { values: ['names'], en: 'Statistics sort by {names}.', pl: 'Statystyki można sortować według: {names}.' },
  unknownFilter: { values: [], en: 'This list cannot be filtered that way.', pl: 'Tej listy nie można tak filtrować.' },
  'unknownFilter.form': {
    values: ['parameter'],
    en: 'The parameter {parameter} is not of the form filter[name] or filter[name][gte].',
    pl: 'Parametr {parameter} nie ma postaci filter[nazwa] ani filter[nazwa][gte].',
  },
  'unknownFilter.noSearch': { values: ['type'], en: '{type} has no text search.', pl: 'Listy {type} nie można przeszukiwać tekstowo.' },
  'unknownFilter.field': { values: ['type', 'name'], en: '{type} cannot be filtered by "{name}".', pl: 'Listy {type} nie można filtrować według „{name}”.' },
  'unknownFilter.noRange': { values: ['type', 'name'], en: '{type}.{name} has no range filter.', pl: 'Pola {type}.{name} nie można filtrować zakresem.' },
  'unknownFilter.statistics': { values: ['names'], en: 'Statistics filter by {names}.', pl: 'Statystyki można filtrować według: {names}.' },
  unknownField: { values: [], en: 'Unknown field requested.', pl: 'Zażądano nieznanego pola.' },
  'unknownField.type': { values: ['type'], en: 'There is no resource type "{type}".', pl: 'Nie ma typu zasobu „{type}”.' },
  'unknownField.field': { values: ['type', 'name'], en: '{type} has no field "{name}".', pl: 'Zasób {type} nie ma pola „{name}”.' },
  invalidFilterValue: {
    values: ['parameter', 'value'],
    en: '"{value}" is not a valid value for {parameter}.',
    pl: '„{value}” nie jest poprawną wartością parametru {parameter}.',
  },
  'invalidFilterValue.tooManyWords': {
    values: ['parameter', 'max'],
    en: '{parameter} takes at most {max, plural, one {# word} other {# words}}.',
    pl: 'Parametr {parameter} przyjmuje najwyżej {max, plural, one {# słowo} few {# słowa} many {# słów} other {# słowa}}.',
  },
  'invalidFilterValue.round': { values: ['parameter'], en: '{parameter} must be a round number.', pl: 'Parametr {parameter} musi być numerem kolejki.' },
  'invalidFilterValue.id': { values: ['parameter'], en: '{parameter} must be an id.', pl: 'Parametr {parameter} musi być identyfikatorem.' },
  invalidPage: { values: [], en: 'The page is not valid.', pl: 'Nieprawidłowa strona.' },
  'invalidPage.range': {
    values: ['parameter', 'max'],
    en: '{parameter} must be a whole number from 1 to {max}.',
    pl: 'Parametr {parameter} musi być liczbą całkowitą od 1 do {max}.',
  },
  'invalidPage.parameter': {
    values: ['parameter'],
    en: 'Pagination takes page[number] and page[size], not {parameter}.',
    pl: 'Stronicowanie przyjmuje parametry page[number] i page[size], a nie {parameter}.',
  },

  // Identity and rights -------------------------------------------------------------------------
  unauthorized: {
    values: [],
    en: 'Sign in first: this call needs a valid token.',
    pl: 'Najpierw się zaloguj: to wywołanie wymaga ważnego tokenu.',
  },
  'unauthorized.tokenExpired': { values: [], en: 'The token has expired; sign in again.', pl: 'Token wygasł; zaloguj się ponownie.' },
  'unauthorized.tokenInvalid': { values: [], en: 'The token is not valid.', pl: 'Token jest nieprawidłowy.' },
  'unauthorized.tokenRevoked': { values: [], en: 'This token was signed out; sign in again.', pl: 'Ten token został wylogowany; zaloguj się ponownie.' },
  'unauthorized.accountGone': {
    values: [],
    en: 'The account of this token no longer exists or is disabled.',
    pl: 'Konto, do którego należy ten token, już nie istnieje lub zostało wyłączone.',
  },
  invalidCredentials: { values: [], en: 'Wrong username or password.', pl: 'Nieprawidłowa nazwa użytkownika lub hasło.' },
  forbidden: {
    values: ['action', 'subject'],
    en: 'Your role does not allow {action} on {subject}.',
    pl: 'Twoja rola nie pozwala na {action, select, read {odczyt} create {tworzenie} update {zmianę} delete {usuwanie} other {operację {action}}} w zasobie {subject}.',
  },
  'unauthorized.fan': {
    values: [],
    en: 'This call needs a fan token: register the device or sign in (POST /public/v1/fans).',
    pl: 'To wywołanie wymaga tokenu kibica: zarejestruj urządzenie lub zaloguj się (POST /public/v1/fans).',
  },
  'invalidCredentials.fan': { values: [], en: 'Wrong e-mail or password.', pl: 'Nieprawidłowy e-mail lub hasło.' },
  fanBanned: {
    values: [],
    en: 'This fan account is banned: it can read but not post.',
    pl: 'To konto kibica jest zablokowane: może czytać, ale nie może publikować.',
  },
  quizWindowOrder: {
    values: ['field'],
    en: '{field} must come after the opening of the quiz.',
    pl: 'Pole „{field}” musi zawierać datę późniejszą niż otwarcie quizu.',
  },
  prizeRankOrder: {
    values: ['field'],
    en: '{field} must not be lower than the first rank of the prize.',
    pl: 'Pole „{field}” nie może być mniejsze niż pierwsze miejsce nagrody.',
  },
  quizClosed: {
    values: [],
    en: 'This quiz does not take attempts now (it is not open yet or has closed).',
    pl: 'Ten quiz nie przyjmuje teraz podejść (jeszcze się nie rozpoczął albo już się zakończył).',
  },
  fanProofInvalid: {
    values: [],
    en: 'The proof of work is not a solved challenge of this server: ask for a new one (GET …/fans/challenge) and solve it.',
    pl: 'Dowód pracy nie jest rozwiązanym wyzwaniem tego serwera: pobierz nowe (GET …/fans/challenge) i je rozwiąż.',
  },
  fanProofExpired: {
    values: [],
    en: 'The proof of work has expired: ask for a new challenge.',
    pl: 'Dowód pracy wygasł: pobierz nowe wyzwanie.',
  },
  fanProofUsed: {
    values: [],
    en: 'This proof of work has already been used: each one counts once.',
    pl: 'Ten dowód pracy został już użyty: każdy liczy się raz.',
  },
  quizStartInvalid: {
    values: [],
    en: 'This is not a start of this quiz by this fan: start the attempt first (POST …/attempt_starts) and send its token.',
    pl: 'To nie jest rozpoczęcie tego quizu przez tego kibica: najpierw rozpocznij podejście (POST …/attempt_starts) i wyślij jego token.',
  },
  quizStartUsed: {
    values: [],
    en: 'This start has already been used for an attempt: each start counts once.',
    pl: 'To rozpoczęcie zostało już użyte do podejścia: każde liczy się raz.',
  },
  quizStartExpired: {
    values: [],
    en: 'The time for this attempt ran out before it was sent.',
    pl: 'Czas na to podejście minął, zanim zostało wysłane.',
  },
  quizForeignAnswer: {
    values: ['field'],
    en: '{field} names a question or an answer that is not part of this quiz, or names it twice.',
    pl: 'Pole „{field}” wskazuje pytanie lub odpowiedź spoza tego quizu albo wskazuje je dwa razy.',
  },
  quizImpossibleTime: {
    values: ['min', 'max'],
    en: 'The time taken must be between {min} and {max} milliseconds for this quiz.',
    pl: 'Czas rozwiązywania tego quizu musi wynosić od {min} do {max} milisekund.',
  },
  quizAttemptLimit: {
    values: ['count'],
    en: 'This quiz allows {count, plural, one {# attempt} other {# attempts}} per fan, and they have been used.',
    pl: 'Ten quiz pozwala na {count, plural, one {# podejście} few {# podejścia} many {# podejść} other {# podejścia}} na kibica i zostały już wykorzystane.',
  },
  fanEmailTaken: {
    values: [],
    en: 'A fan account with this e-mail already exists: sign in instead.',
    pl: 'Konto kibica z tym adresem e-mail już istnieje: zaloguj się.',
  },
  surveyNotOpen: {
    values: [],
    en: 'This survey is not open for answers now.',
    pl: 'Ta ankieta nie przyjmuje teraz odpowiedzi.',
  },
  surveyAlreadyAnswered: {
    values: [],
    en: 'You have already answered this survey.',
    pl: 'Ta ankieta ma już Twoją odpowiedź.',
  },
  surveyQuestionNotInSurvey: {
    values: ['field'],
    en: '{field}: this question does not belong to the survey.',
    pl: '{field}: to pytanie nie należy do tej ankiety.',
  },
  surveyAnswerNotInQuestion: {
    values: ['field'],
    en: '{field}: this answer does not belong to the question.',
    pl: '{field}: ta odpowiedź nie należy do tego pytania.',
  },
  surveyAnswerKind: {
    values: ['field', 'kind'],
    en: '{field} does not fit a question of kind {kind}.',
    pl: 'Pole „{field}” nie pasuje do pytania typu {kind}.',
  },
  invalidSurveyWindow: {
    values: ['field'],
    en: '{field} must be later than the opening.',
    pl: 'Pole „{field}” musi być późniejsze niż otwarcie.',
  },
  commentTarget: {
    values: [],
    en: 'A comment belongs to exactly one article or one match.',
    pl: 'Komentarz dotyczy dokładnie jednego artykułu albo jednego meczu.',
  },
  commentTargetUnavailable: {
    values: [],
    en: 'This article or match cannot be commented on.',
    pl: 'Tego artykułu lub meczu nie można komentować.',
  },
  commentWithoutFan: {
    values: [],
    en: 'This comment was not written by a fan, so there is nobody to ban.',
    pl: 'Ten komentarz nie pochodzi od kibica, więc nie ma kogo zablokować.',
  },
  pushAlreadySent: {
    values: [],
    en: 'This notification is being sent or has been sent: it can no longer be changed.',
    pl: 'To powiadomienie jest wysyłane lub zostało wysłane: nie można go już zmienić.',
  },
  streamTransition: {
    values: ['action', 'status'],
    en: 'The stream is {status}: it cannot {action}. Start goes from idle or paused to live, pause from live, and stop (final) from live or paused.',
    pl: 'Strumień jest w stanie {status}: akcja {action} jest niemożliwa. Start prowadzi z idle lub paused do live, pauza z live, a stop (ostateczny) z live lub paused.',
  },
  streamLocked: {
    values: [],
    en: 'The protocol, encryption and kind of a stream cannot change while it is live or paused.',
    pl: 'Protokołu, szyfrowania i rodzaju strumienia nie można zmienić, gdy jest na żywo lub wstrzymany.',
  },
  streamKeysOnAir: {
    values: [],
    en: 'New stream keys cannot be made while the stream is live or paused: the encoder sending it would be cut off. Stop the stream first, or give the crew a new stream.',
    pl: 'Nowych kluczy nie można wygenerować, gdy strumień jest na żywo lub wstrzymany: nadający go enkoder zostałby odcięty. Najpierw zatrzymaj strumień albo przekaż ekipie nowy strumień.',
  },
  liveEngineUnavailable: {
    values: [],
    en: 'The live engine is not running on this server.',
    pl: 'Silnik transmisji na żywo nie działa na tym serwerze.',
  },
  liveEngineFailed: {
    values: ['reason'],
    en: 'The live engine refused: {reason}',
    pl: 'Silnik transmisji odmówił: {reason}',
  },
  ottNoVideo: {
    values: [],
    en: 'The event has no video to transcode: choose one first.',
    pl: 'Wydarzenie nie ma wideo do transkodowania: najpierw je wybierz.',
  },
  ottNoStream: {
    values: [],
    en: 'The event has no stream.',
    pl: 'Wydarzenie nie ma strumienia.',
  },
  ottEncodingFailed: {
    values: ['state', 'reason'],
    en: 'The encoding of the event ended with {state}: {reason}',
    pl: 'Kodowanie wydarzenia zakończyło się stanem {state}: {reason}',
  },
  transcodingEnded: {
    values: ['state'],
    en: 'This transcoding job has already ended ({state}).',
    pl: 'To zadanie transkodowania już się zakończyło ({state}).',
  },
  playbackSignatureRequired: {
    values: [],
    en: 'This event needs a signed, unexpired playback URL.',
    pl: 'To wydarzenie wymaga podpisanego, ważnego adresu odtwarzania.',
  },
  playbackCountryNotAllowed: {
    values: [],
    en: 'This event cannot be watched in your country.',
    pl: 'Tego wydarzenia nie można oglądać w Twoim kraju.',
  },
  videoNotPlayableInBrowsers: {
    values: ['type'],
    en: 'This video ({type}) does not play in web browsers: only MP4, WebM and Ogg files are served to viewers.',
    pl: 'Tego wideo ({type}) nie odtworzy przeglądarka: widzom udostępniane są tylko pliki MP4, WebM i Ogg.',
  },
  entitlementRequired: {
    values: [],
    en: 'This event is paid: the fan needs an active entitlement (a ticket or a subscription) to watch it.',
    pl: 'To wydarzenie jest płatne: kibic potrzebuje aktywnego uprawnienia (biletu lub subskrypcji), aby je obejrzeć.',
  },
  entitlementSubscriptionEvent: {
    values: ['field'],
    en: 'A subscription opens every subscription event: it names no single event ({field}).',
    pl: 'Subskrypcja otwiera wszystkie wydarzenia subskrypcyjne: nie wskazuje pojedynczego wydarzenia ({field}).',
  },
  entitlementWindowOrder: {
    values: ['field'],
    en: '{field} must come after the start of the entitlement.',
    pl: 'Pole „{field}” musi wskazywać czas po początku uprawnienia.',
  },
  webhookNotConfigured: {
    values: [],
    en: 'This client has no payment webhook secret yet: staff set one in the admin (Video → Entitlements).',
    pl: 'Ten klient nie ma jeszcze sekretu webhooka płatności: ustawia go personel w panelu (Wideo → Uprawnienia).',
  },
  webhookSignatureInvalid: {
    values: [],
    en: 'The X-Umpire-Signature header is missing or does not match the body.',
    pl: 'Brak nagłówka X-Umpire-Signature lub nie zgadza się on z treścią.',
  },
  webhookTimestampStale: {
    values: ['seconds'],
    en: 'The signature\'s timestamp is more than {seconds} seconds away from the server\'s clock: a replayed or delayed delivery.',
    pl: 'Znacznik czasu podpisu różni się od zegara serwera o więcej niż {seconds} s: powtórzone lub opóźnione doręczenie.',
  },
  predictionClosed: {
    values: [],
    en: 'Predictions for this match are closed: it has kicked off.',
    pl: 'Typowanie tego meczu jest zamknięte: mecz już się rozpoczął.',
  },
  clientIdNotSupported: {
    values: [],
    en: 'Ids are given by the server; leave out data.id.',
    pl: 'Identyfikatory nadaje serwer; pomiń data.id.',
  },
  xsrfTokenMismatch: {
    values: [],
    en: 'This request needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.',
    pl: 'To żądanie wymaga nagłówka X-XSRF-TOKEN o wartości równej ciasteczku XSRF-TOKEN.',
  },

  // Records -------------------------------------------------------------------------------------
  conflict: {
    values: [],
    en: 'The request conflicts with the current state of the data.',
    pl: 'Żądanie jest sprzeczne z bieżącym stanem danych.',
  },
  'conflict.type': { values: ['given', 'expected'], en: 'The type {given} does not match {expected}.', pl: 'Typ {given} nie odpowiada typowi {expected}.' },
  'conflict.typeMustBe': { values: ['expected'], en: 'The type must be {expected}.', pl: 'Typem musi być {expected}.' },
  'conflict.id': { values: ['given'], en: 'The id {given} does not match the address.', pl: 'Identyfikator {given} nie odpowiada adresowi.' },
  'conflict.unique': {
    values: ['type'],
    en: 'A {type} record with the same unique value already exists.',
    pl: 'Pozycja {type} o tej samej unikalnej wartości już istnieje.',
  },
  stillReferenced: {
    values: ['recordType', 'count', 'type', 'relationship'],
    en: 'This {recordType} record is still used by {count, plural, one {# {type} record} other {# {type} records}} ({relationship}).',
    pl: 'Ta pozycja {recordType} jest nadal używana przez {count, plural, one {# pozycję {type}} few {# pozycje {type}} many {# pozycji {type}} other {# pozycji {type}}} ({relationship}).',
  },
  usedByPages: {
    values: ['recordType', 'uses'],
    en: 'This {recordType} record is shown by components of pages or articles: {uses}. Remove it from them first.',
    pl: 'Tę pozycję {recordType} pokazują komponenty stron lub artykułów: {uses}. Najpierw usuń ją z nich.',
  },
  reorderMismatch: {
    values: [],
    en: 'The new order must list every component of this page exactly once, and nothing else.',
    pl: 'Nowa kolejność musi zawierać każdy komponent tej strony dokładnie raz i nic poza nimi.',
  },
  'notFound.article': { values: ['value'], en: 'No article that fans can read now has the address {value}.', pl: 'Żaden artykuł widoczny teraz dla kibiców nie ma adresu {value}.' },
  'notFound.page': { values: ['value'], en: 'No published page has the address {value}.', pl: 'Żadna opublikowana strona nie ma adresu {value}.' },
  'notFound.template': { values: ['value'], en: 'No published page is a template for {value}.', pl: 'Żadna opublikowana strona nie jest szablonem dla {value}.' },
  'notFound.templateRecord': { values: ['value'], en: 'There is no {value} record to show this template with.', pl: 'Nie ma pozycji {value}, z którą można pokazać ten szablon.' },
  'badRequest.recordWithoutTemplate': {
    values: ['parameter'],
    en: '{parameter} is only for the template of a match, club, player or table.',
    pl: 'Parametr {parameter} dotyczy tylko szablonu meczu, klubu, zawodnika lub tabeli.',
  },
  'badRequest.slugOrTemplate': {
    values: [],
    en: 'Give either slug (a page) or template (with record for a match, club, player or table), not both.',
    pl: 'Podaj slug (strona) albo template (z record dla meczu, klubu, zawodnika lub tabeli), nie oba.',
  },
  'badRequest.includeSet': {
    values: ['value', 'values'],
    en: 'The page cannot include {value}; it may include: {values}.',
    pl: 'Strona nie może dołączyć {value}; może dołączyć: {values}.',
  },
  staleRecord: {
    values: ['type'],
    en: 'This {type} record was changed by someone else since you loaded it; reload it and apply your change again.',
    pl: 'Ktoś inny zmienił tę pozycję {type}, odkąd ją wczytano; wczytaj ją ponownie i wprowadź zmianę jeszcze raz.',
  },

  // Translations and previews -------------------------------------------------------------------
  'notFound.translation': {
    values: ['type', 'id', 'locale'],
    en: 'The {type} record {id} has no translation in {locale}.',
    pl: 'Pozycja {type} {id} nie ma tłumaczenia w języku {locale}.',
  },
  'badRequest.unknownLocale': {
    values: ['parameter', 'locales'],
    en: '{parameter} must be one of: {locales}.',
    pl: 'Parametr {parameter} musi mieć jedną z wartości: {locales}.',
  },
  'badRequest.publicClient': {
    values: [],
    en: 'Name the league with the client parameter (its slug).',
    pl: 'Wskaż ligę parametrem client (jej identyfikator).',
  },
  'badRequest.deliveryKeyClient': {
    values: [],
    en: 'The delivery key belongs to another league than the client parameter names; leave the parameter out.',
    pl: 'Klucz dostępu należy do innej ligi niż wskazana parametrem client; pomiń ten parametr.',
  },
  invalidDeliveryKey: {
    values: [],
    en: 'This delivery key (X-Delivery-Key) is not valid.',
    pl: 'Ten klucz dostępu (X-Delivery-Key) jest nieprawidłowy.',
  },
  'invalidDeliveryKey.revoked': {
    values: [],
    en: 'This delivery key (X-Delivery-Key) was revoked; ask the league for a new one.',
    pl: 'Ten klucz dostępu (X-Delivery-Key) został unieważniony; poproś ligę o nowy.',
  },
  deliveryKeyRequired: {
    values: [],
    en: 'This league is read with a delivery key: send it in the X-Delivery-Key header.',
    pl: 'Treści tej ligi są dostępne tylko z kluczem dostępu: wyślij go w nagłówku X-Delivery-Key.',
  },
  // Imports (issue 26): the file, its mapping, its rows and undo.
  importFile: { values: [], en: 'The file cannot be read.', pl: 'Nie można odczytać pliku.' },
  'importFile.missing': {
    values: [],
    en: 'No file was sent: send it as the form field “file” (multipart/form-data).',
    pl: 'Nie wysłano pliku: wyślij go jako pole formularza „file” (multipart/form-data).',
  },
  'importFile.format': {
    values: [],
    en: 'The file is neither CSV nor an Excel workbook (XLSX).',
    pl: 'Plik nie jest ani plikiem CSV, ani skoroszytem Excela (XLSX).',
  },
  'importFile.encoding': {
    values: [],
    en: 'The file is not text in UTF-8 or Windows-1250; save it as “CSV UTF-8” and try again.',
    pl: 'Plik nie jest tekstem w kodowaniu UTF-8 ani Windows-1250; zapisz go jako „CSV UTF-8” i spróbuj ponownie.',
  },
  'importFile.empty': {
    values: [],
    en: 'The file has no rows below its header row.',
    pl: 'Plik nie ma żadnych wierszy pod wierszem nagłówka.',
  },
  'importFile.spreadsheet': {
    values: ['reason'],
    en: 'The workbook cannot be read ({reason}).',
    pl: 'Nie można odczytać skoroszytu ({reason}).',
  },
  'importFile.tooLarge': {
    values: ['max'],
    en: 'The file is larger than {max} MB.',
    pl: 'Plik jest większy niż {max} MB.',
  },
  importFileInflated: {
    values: ['max'],
    en: 'The workbook unpacks to more than {max} MB, more than an import reads; save only the sheet to import in a new workbook.',
    pl: 'Skoroszyt po rozpakowaniu zajmuje więcej niż {max} MB, więcej niż czyta import; zapisz tylko arkusz do zaimportowania w nowym skoroszycie.',
  },
  importFormula: {
    values: ['cell'],
    en: 'Cell {cell} holds a formula; import values only (copy the sheet and paste it as values).',
    pl: 'Komórka {cell} zawiera formułę; importowane są tylko wartości (skopiuj arkusz i wklej go jako wartości).',
  },
  importTooManyRows: {
    values: ['max'],
    en: 'The file has more than {max} rows; split it into smaller files.',
    pl: 'Plik ma więcej niż {max} wierszy; podziel go na mniejsze pliki.',
  },
  importTooManyColumns: {
    values: ['count', 'max'],
    en: 'Row {count} has more columns than the {max} an import reads.',
    pl: 'Wiersz {count} ma więcej kolumn niż {max}, które czyta import.',
  },
  importCellTooLong: {
    values: ['row', 'column', 'max'],
    en: 'Row {row}, column “{column}”: the value is longer than {max} characters.',
    pl: 'Wiersz {row}, kolumna „{column}”: wartość jest dłuższa niż {max} znaków.',
  },
  importMapping: { values: [], en: 'The column mapping is not valid.', pl: 'Przypisanie kolumn jest nieprawidłowe.' },
  'importMapping.json': {
    values: ['parameter'],
    en: '{parameter} must be a JSON object.',
    pl: '{parameter} musi być obiektem JSON.',
  },
  'importMapping.unknownColumn': {
    values: ['column'],
    en: 'The file has no column “{column}”.',
    pl: 'Plik nie ma kolumny „{column}”.',
  },
  'importMapping.unknownField': {
    values: ['column', 'field'],
    en: 'Column “{column}”: “{field}” is not a field of this import.',
    pl: 'Kolumna „{column}”: „{field}” nie jest polem tego importu.',
  },
  'importMapping.duplicateField': {
    values: ['field'],
    en: 'Several columns are mapped to the field “{field}”; keep one.',
    pl: 'Do pola „{field}” przypisano kilka kolumn; zostaw jedną.',
  },
  'importMapping.missingField': {
    values: ['field'],
    en: 'No column is mapped to the field “{field}”, which this import needs.',
    pl: 'Żadna kolumna nie jest przypisana do pola „{field}”, którego ten import potrzebuje.',
  },
  importNoMatch: {
    values: ['row', 'column', 'value', 'type'],
    en: 'Row {row}, column “{column}”: no {type} record matches “{value}”.',
    pl: 'Wiersz {row}, kolumna „{column}”: żadna pozycja {type} nie pasuje do „{value}”.',
  },
  importAmbiguousMatch: {
    values: ['row', 'column', 'value', 'count'],
    en: 'Row {row}, column “{column}”: “{value}” matches {count} records; choose one.',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” pasuje do {count} pozycji; wybierz jedną.',
  },
  importFuzzyMatch: {
    values: ['row', 'column', 'value', 'match'],
    en: 'Row {row}, column “{column}”: “{value}” was taken to be “{match}”; check it.',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” potraktowano jako „{match}”; sprawdź to.',
  },
  importInvalidValue: {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a valid value.',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest prawidłową wartością.',
  },
  'importInvalidValue.date': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a date (e.g. 2026-05-02 or 02.05.2026).',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest datą (np. 2026-05-02 albo 02.05.2026).',
  },
  'importInvalidValue.time': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a time (e.g. 18:00).',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest godziną (np. 18:00).',
  },
  'importInvalidValue.score': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a score (e.g. 2:1).',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest wynikiem (np. 2:1).',
  },
  'importInvalidValue.integer': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a whole number in range.',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest liczbą całkowitą z dozwolonego zakresu.',
  },
  'importInvalidValue.position': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a position (goalkeeper, defender, midfielder, forward).',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest pozycją (bramkarz, obrońca, pomocnik, napastnik).',
  },
  'importInvalidValue.country': {
    values: ['row', 'column', 'value'],
    en: 'Row {row}, column “{column}”: “{value}” is not a country (a name or a code such as PL).',
    pl: 'Wiersz {row}, kolumna „{column}”: „{value}” nie jest krajem (nazwa albo kod, np. PL).',
  },
  importDuplicateRow: {
    values: ['row', 'other'],
    en: 'Row {row} repeats row {other}.',
    pl: 'Wiersz {row} powtarza wiersz {other}.',
  },
  importMissingValue: {
    values: ['row', 'column'],
    en: 'Row {row}: “{column}” is empty but needed.',
    pl: 'Wiersz {row}: pole „{column}” jest puste, a jest potrzebne.',
  },
  importTarget: {
    values: ['parameter', 'type'],
    en: '{parameter} must name a {type} record of this league.',
    pl: '{parameter} musi wskazywać pozycję {type} tej ligi.',
  },
  importScoreConflict: {
    values: ['row', 'score', 'current'],
    en: 'Row {row}: the match already has incidents giving {current}, the file says {score}; correct it in the match centre.',
    pl: 'Wiersz {row}: mecz ma już zdarzenia dające wynik {current}, a plik podaje {score}; popraw go w centrum meczowym.',
  },
  importUndone: {
    values: [],
    en: 'This import has already been undone.',
    pl: 'Ten import został już cofnięty.',
  },
  importHasDependents: {
    values: ['count', 'examples'],
    en: 'This import cannot be undone: {count, plural, one {# later record refers} other {# later records refer}} to what it created ({examples}). Remove or change them first.',
    pl: 'Tego importu nie można cofnąć: {count, plural, one {# późniejsza pozycja odwołuje się} few {# późniejsze pozycje odwołują się} many {# późniejszych pozycji odwołuje się} other {# późniejszej pozycji odwołuje się}} do tego, co utworzył ({examples}). Najpierw je usuń lub zmień.',
  },
  previewExpired: {
    values: [],
    en: 'This preview link has expired; ask for a new one.',
    pl: 'Ten link podglądu wygasł; wygeneruj nowy.',
  },
  previewInvalid: {
    values: [],
    en: 'This preview link is not valid.',
    pl: 'Ten link podglądu jest nieprawidłowy.',
  },

  // Match rules ---------------------------------------------------------------------------------
  minuteOutOfHalf: {
    values: ['field', 'min', 'max', 'half'],
    en: '{field} must be from {min} to {max} in half {half}.',
    pl: 'Pole „{field}” musi mieć wartość od {min} do {max} w {half}. połowie.',
  },
  stoppageOnlyAtEndOfHalf: {
    values: ['field', 'minute', 'half'],
    en: '{field} is only possible at minute {minute} of half {half} (e.g. {minute}+3).',
    pl: 'Pole „{field}” można wypełnić tylko w {minute}. minucie {half}. połowy (np. {minute}+3).',
  },
  wrongHalf: { values: ['field'], en: '{field} does not fit this incident.', pl: 'Wartość pola „{field}” nie pasuje do tego zdarzenia.' },
  'wrongHalf.noHalfTime': { values: ['field'], en: '{field} cannot have a half time.', pl: 'Pole „{field}”: w tej części meczu nie ma przerwy.' },
  'wrongHalf.secondHalfStart': {
    values: ['field'],
    en: '{field} must be 2 or later for the start of a half.',
    pl: 'Pole „{field}” musi mieć wartość co najmniej 2 przy rozpoczęciu połowy.',
  },
  squadNotInMatch: { values: ['field'], en: '{field} does not play this match.', pl: 'Drużyna z pola „{field}” nie gra w tym meczu.' },
  playerNotInSquad: { values: ['field'], en: '{field} is not in this squad.', pl: 'Zawodnik z pola „{field}” nie należy do kadry tej drużyny.' },
  'playerNotInSquad.incident': {
    values: ['field'],
    en: '{field} is not in the squad of this incident.',
    pl: 'Zawodnik z pola „{field}” nie należy do kadry drużyny z tego zdarzenia.',
  },
  squadRequiredForPlayer: {
    values: ['field'],
    en: '{field} needs the squad of the incident.',
    pl: 'Pole „{field}” wymaga wskazania drużyny zdarzenia.',
  },
  samePlayer: { values: ['field'], en: '{field} must be another player.', pl: 'Pole „{field}” musi wskazywać innego zawodnika.' },
  sameSquad: {
    values: ['field', 'other'],
    en: '{field} must differ from {other}.',
    pl: 'Pole „{field}” musi wskazywać inną drużynę niż pole „{other}”.',
  },
  groupNotInStage: {
    values: ['field'],
    en: '{field} belongs to another stage than the round.',
    pl: 'Grupa z pola „{field}” należy do innej fazy rozgrywek niż kolejka.',
  },
  squadsLocked: {
    values: [],
    en: 'The squads cannot change once the match has incidents.',
    pl: 'Nie można zmienić drużyn, gdy mecz ma już zdarzenia.',
  },
  // Match statuses set by staff, bulk edits and postponements (issue 26).
  matchStatusNotSettable: {
    values: ['status'],
    en: 'The status “{status}” follows from the match’s incidents and cannot be set; staff set not_started, postponed, cancelled or abandoned.',
    pl: 'Status „{status}” wynika ze zdarzeń meczu i nie można go ustawić; można ustawić not_started, postponed, cancelled lub abandoned.',
  },
  'matchStatusNotSettable.started': {
    values: ['status'],
    en: 'The match has incidents (it has started), so it cannot be set to “{status}”; an interrupted match is abandoned.',
    pl: 'Mecz ma zdarzenia (już się rozpoczął), więc nie można ustawić statusu „{status}”; przerwany mecz ma status abandoned.',
  },
  'matchStatusNotSettable.notStarted': {
    values: [],
    en: 'Only a match that has started and not finished can be abandoned.',
    pl: 'Przerwać (abandoned) można tylko mecz rozpoczęty i niezakończony.',
  },
  'matchStatusNotSettable.postpone': {
    values: ['status'],
    en: 'A match that is “{status}” cannot be postponed: only a match that has not started can.',
    pl: 'Meczu o statusie „{status}” nie można przełożyć: przełożyć można tylko mecz nierozpoczęty.',
  },
  matchNotPlayable: {
    values: ['status'],
    en: 'The match is {status}: it takes no incidents until it is scheduled again.',
    pl: 'Mecz ma status {status}: nie przyjmuje zdarzeń, dopóki nie zostanie ponownie zaplanowany.',
  },
  matchSelectionRequired: {
    values: [],
    en: 'Select the matches: data with their identifiers, or a filter (filter[round], filter[club], filter[kickoff_at][gte]…).',
    pl: 'Wybierz mecze: ich identyfikatory w data albo filtr (filter[round], filter[club], filter[kickoff_at][gte]…).',
  },
  matchSelectionTooLarge: {
    values: ['count', 'max'],
    en: 'The selection holds {count} matches; at most {max} can be changed at once: narrow the filter.',
    pl: 'Wybrano {count} meczów; naraz można zmienić najwyżej {max}: zawęź filtr.',
  },
  matchChangesRequired: {
    values: [],
    en: 'Say what to change: a kickoff (or a shift or a time of day), a venue, a round or a status.',
    pl: 'Podaj, co zmienić: termin (albo przesunięcie lub godzinę), stadion, kolejkę lub status.',
  },
  matchKickoffTwice: {
    values: [],
    en: 'Give either a new kickoff or a shift and a time of day, not both.',
    pl: 'Podaj albo nowy termin, albo przesunięcie i godzinę, nie oba naraz.',
  },
  matchPostponementDate: {
    values: [],
    en: 'Give the new kickoff (kickoff_at) or the new date (date, the time of day kept), not both.',
    pl: 'Podaj nowy termin (kickoff_at) albo nową datę (date, godzina bez zmian), nie oba naraz.',
  },
  // Fixture generation (issue 26, point 1) -------------------------------------------------------
  fixtureSquadTwice: { values: ['field', 'id'], en: '{field}: squad {id} is in the list twice.', pl: '{field}: drużyna {id} jest na liście dwa razy.' },
  'fixtureSquadTwice.club': {
    values: ['field', 'club'],
    en: '{field}: {club} would play in this group with two squads.',
    pl: '{field}: klub {club} grałby w tej grupie dwiema drużynami.',
  },
  fixtureClubCount: {
    values: ['count'],
    en: 'A round robin cannot be made of {count} clubs.',
    pl: 'Z tylu drużyn ({count}) nie można ułożyć terminarza.',
  },
  'fixtureClubCount.tooFew': {
    values: ['count', 'min'],
    en: 'A round robin needs at least {min} clubs; {count, plural, one {# is} other {# are}} given.',
    pl: 'Terminarz wymaga co najmniej {min} drużyn; podano: {count}.',
  },
  'fixtureClubCount.tooMany': {
    values: ['count', 'max'],
    en: 'A round robin here takes at most {max} clubs; {count} are given.',
    pl: 'Terminarz może objąć najwyżej {max} drużyn; podano: {count}.',
  },
  fixtureRound: {
    values: ['field', 'round', 'rounds'],
    en: '{field}: there is no round {round}; the season has rounds 1 to {rounds}.',
    pl: '{field}: nie ma kolejki {round}; sezon ma kolejki od 1 do {rounds}.',
  },
  fixtureSquadTwiceInRound: {
    values: ['field', 'id', 'round'],
    en: '{field}: squad {id} already plays another fixed match in round {round}.',
    pl: '{field}: drużyna {id} gra już inny ustalony mecz w kolejce {round}.',
  },
  fixtureSquadNotInPlan: {
    values: ['field', 'id'],
    en: '{field}: squad {id} is not among the clubs of this plan.',
    pl: '{field}: drużyny {id} nie ma wśród drużyn tego terminarza.',
  },
  fixtureKickoffSlot: {
    values: ['field', 'value'],
    en: '{field}: “{value}” is not a kickoff slot; write a weekday and a time, e.g. Fri 20:30.',
    pl: '{field}: „{value}” nie jest porą meczu; wpisz dzień tygodnia i godzinę, np. Fri 20:30.',
  },
  fixtureRoundDates: {
    values: ['field', 'needed', 'given'],
    en: '{field} gives {given, plural, one {# date} other {# dates}} for {needed} rounds.',
    pl: 'Pole „{field}”: podano dat: {given}, a kolejek jest {needed}.',
  },
  'fixtureRoundDates.both': {
    values: [],
    en: 'Give either a first date with a cadence or a date for every round, not both.',
    pl: 'Podaj albo datę pierwszej kolejki i odstęp, albo datę każdej kolejki, nie oba naraz.',
  },
  'fixtureRoundDates.none': {
    values: [],
    en: 'Give the first round’s date (start_date) or a date for every round (round_dates).',
    pl: 'Podaj datę pierwszej kolejki (start_date) albo datę każdej kolejki (round_dates).',
  },
  fixtureGroupHasMatches: {
    values: ['count'],
    en: 'The group already has {count, plural, one {# match} other {# matches}}: undo their import or delete them before generating fixtures.',
    pl: 'Grupa ma już mecze ({count}): cofnij ich import albo usuń je, zanim utworzysz terminarz.',
  },
  fixturePlanChanged: {
    values: [],
    en: 'The fixtures would now differ from the preview (clubs or rounds changed since): preview again.',
    pl: 'Terminarz różniłby się teraz od podglądu (od tego czasu zmieniły się drużyny lub kolejki): utwórz podgląd ponownie.',
  },
  // Resumable (tus) and multipart uploads --------------------------------------------------------
  'badRequest.tusVersion': {
    values: ['version'],
    en: 'This server speaks tus {version}: send the Tus-Resumable header with that version.',
    pl: 'Ten serwer obsługuje tus {version}: wyślij nagłówek Tus-Resumable z tą wersją.',
  },
  'badRequest.uploadLength': {
    values: [],
    en: 'Upload-Length must be the whole number of bytes of the file.',
    pl: 'Nagłówek Upload-Length musi podawać całkowitą liczbę bajtów pliku.',
  },
  'badRequest.uploadOffset': {
    values: [],
    en: 'Upload-Offset must be the whole number of bytes already uploaded.',
    pl: 'Nagłówek Upload-Offset musi podawać całkowitą liczbę już wysłanych bajtów.',
  },
  'badRequest.uploadFileName': {
    values: [],
    en: 'Name the file: Upload-Metadata needs filename, or the body file_name.',
    pl: 'Podaj nazwę pliku: filename w nagłówku Upload-Metadata albo file_name w treści.',
  },
  'badRequest.partNumber': {
    values: ['max'],
    en: 'The part number must be a whole number from 1 to {max}.',
    pl: 'Numer części musi być liczbą całkowitą od 1 do {max}.',
  },
  'badRequest.partsMissing': {
    values: ['parts'],
    en: 'These parts have not been uploaded: {parts}.',
    pl: 'Te części nie zostały wysłane: {parts}.',
  },
  'badRequest.partTooSmall': {
    values: ['part', 'min'],
    en: 'Part {part} is smaller than {min} bytes; only the last part may be smaller.',
    pl: 'Część {part} ma mniej niż {min} bajtów; mniejsza może być tylko ostatnia część.',
  },
  'badRequest.partDiffers': {
    values: ['part'],
    en: 'Part {part} is not the one that was uploaded (its ETag differs).',
    pl: 'Część {part} nie jest tą, która została wysłana (inny ETag).',
  },
  'conflict.uploadOffset': {
    values: ['given', 'expected'],
    en: 'The upload is at byte {expected}, not {given}: ask for its offset (HEAD) and continue from there.',
    pl: 'Przesyłanie jest na bajcie {expected}, a nie {given}: sprawdź przesunięcie (HEAD) i kontynuuj od niego.',
  },
  'conflict.uploadFinished': {
    values: [],
    en: 'This upload is already complete or has failed; start a new one.',
    pl: 'To przesyłanie jest już zakończone lub nieudane; rozpocznij nowe.',
  },
  'notFound.upload': {
    values: ['id'],
    en: 'No upload {id}: it never existed, belongs to someone else, or expired.',
    pl: 'Nie ma przesyłania {id}: nie istniało, należy do kogoś innego albo wygasło.',
  },
  'payloadTooLarge.beyondLength': {
    values: ['length'],
    en: 'More bytes were sent than the declared length of {length} bytes.',
    pl: 'Wysłano więcej bajtów niż zadeklarowana długość {length} bajtów.',
  },
  'unsupportedMediaType.offsetOctetStream': {
    values: [],
    en: 'Send the bytes as application/offset+octet-stream.',
    pl: 'Wyślij bajty jako application/offset+octet-stream.',
  },
  // Media library -------------------------------------------------------------------------------
  wrongFileType: {
    values: ['extensions'],
    en: 'Wrong file type: the content is not what the file name says, or the type is not one of {extensions}.',
    pl: 'Nieprawidłowy typ pliku: zawartość nie odpowiada nazwie pliku albo typ nie jest jednym z: {extensions}.',
  },
  fileTooLarge: { values: ['limit'], en: 'File is larger than {limit}.', pl: 'Plik jest większy niż {limit}.' },
  uploadFailed: {
    values: [],
    en: 'Upload failed: the file did not arrive whole. Nothing was stored; send it again.',
    pl: 'Przesyłanie nie powiodło się: plik nie dotarł w całości. Nic nie zapisano; wyślij go ponownie.',
  },
  'uploadFailed.noFile': {
    values: [],
    en: 'Upload failed: the request holds no file (a multipart field named file).',
    pl: 'Przesyłanie nie powiodło się: żądanie nie zawiera pliku (pola multipart o nazwie file).',
  },
  invalidFileName: {
    values: ['field'],
    en: '{field}: the name is empty once control characters, slashes and leading or trailing dots are removed.',
    pl: '{field}: nazwa jest pusta po usunięciu znaków sterujących, ukośników oraz kropek na początku i końcu.',
  },
  invalidFolderPath: {
    values: ['field'],
    en: '{field} must be a folder path such as /crests/2026/, without empty, . or .. parts or control characters.',
    pl: '{field} musi być ścieżką folderu, np. /crests/2026/, bez pustych części, . ani .. ani znaków sterujących.',
  },
  'invalidFolderPath.missing': {
    values: ['path'],
    en: 'There is no folder {path}.',
    pl: 'Nie ma folderu {path}.',
  },
  'invalidFolderPath.intoItself': {
    values: ['path'],
    en: 'A folder cannot be moved into itself or its own subfolder ({path}).',
    pl: 'Folderu nie można przenieść do niego samego ani do jego podfolderu ({path}).',
  },
  fileNameTaken: {
    values: ['name', 'path'],
    en: 'The folder {path} already holds {name}.',
    pl: 'Folder {path} zawiera już {name}.',
  },
  folderNotEmpty: {
    values: ['path', 'count'],
    en: 'The folder {path} is not empty ({count, plural, one {# item} other {# items}}); empty it first or delete with force=true.',
    pl: 'Folder {path} nie jest pusty ({count, plural, one {# pozycja} few {# pozycje} many {# pozycji} other {# pozycji}}); najpierw go opróżnij albo usuń z force=true.',
  },
  fileInUse: {
    values: ['count', 'uses'],
    en: 'This file is used by {count, plural, one {# record} other {# records}} ({uses}); delete with force=true to remove those uses too.',
    pl: 'Ten plik jest używany przez {count, plural, one {# pozycję} few {# pozycje} many {# pozycji} other {# pozycji}} ({uses}); usuń z force=true, aby usunąć także te użycia.',
  },
  rangeNotSatisfiable: {
    values: ['size'],
    en: 'The requested byte range is outside the file ({size} bytes).',
    pl: 'Żądany zakres bajtów wykracza poza plik ({size} B).',
  },
} as const satisfies Catalogue;

export type ErrorMessageId = keyof typeof ERROR_MESSAGES;
type ValueName<Id extends ErrorMessageId> = (typeof ERROR_MESSAGES)[Id]['values'][number];
/** The values a message needs; none is an empty record, so a stray string is refused. */
export type ErrorValues<Id extends ErrorMessageId> = [ValueName<Id>] extends [never]
  ? Readonly<Record<string, never>>
  : { readonly [K in ValueName<Id>]: MessageValue };
/** The error key (`meta.key`) of a message id. */
export type ErrorKeyOf<Id extends ErrorMessageId> = Id extends `${infer K}.${string}` ? K : Id;

export function errorKeyOf<Id extends ErrorMessageId>(id: Id): ErrorKeyOf<Id> {
  return id.split('.')[0] as ErrorKeyOf<Id>;
}

export const ERROR_TITLES: { readonly [L in ErrorLanguage]: Readonly<Partial<Record<number, string>> & { other: string }> } = {
  en: {
    400: 'Bad request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not found',
    405: 'Method not allowed',
    406: 'Not acceptable',
    409: 'Conflict',
    410: 'Gone',
    412: 'Precondition failed',
    413: 'Payload too large',
    415: 'Unsupported media type',
    416: 'Range not satisfiable',
    422: 'Invalid data',
    429: 'Too many requests',
    500: 'Internal error',
    503: 'Service unavailable',
    other: 'Error',
  },
  pl: {
    400: 'Nieprawidłowe żądanie',
    401: 'Wymagane zalogowanie',
    403: 'Brak uprawnień',
    404: 'Nie znaleziono',
    405: 'Niedozwolona metoda',
    406: 'Nieobsługiwany format odpowiedzi',
    409: 'Konflikt',
    410: 'Już niedostępne',
    412: 'Niespełniony warunek wstępny',
    413: 'Zbyt duże żądanie',
    415: 'Nieobsługiwany typ treści',
    416: 'Nieprawidłowy zakres',
    422: 'Nieprawidłowe dane',
    429: 'Zbyt wiele żądań',
    500: 'Błąd serwera',
    503: 'Usługa niedostępna',
    other: 'Błąd',
  },
};

export function errorTitle(lang: ErrorLanguage, status: number): string {
  return ERROR_TITLES[lang][status] ?? ERROR_TITLES[lang].other;
}

export function errorDetail<Id extends ErrorMessageId>(lang: ErrorLanguage, id: Id, values: ErrorValues<Id>): string {
  return formatMessage(ERROR_MESSAGES[id][lang], values, lang);
}

/**
 * The language of an `Accept-Language` header (RFC 9110: quality values, `*`, region subtags):
 * the supported one the client ranks highest, else English.
 */
export function negotiateLanguage(header: string | null | undefined): ErrorLanguage {
  const ranges = (header ?? '').split(',').map((part, order) => {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.find((p) => /^\s*q\s*=/i.test(p));
    const q = qParam === undefined ? 1 : /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.test(qParam) ? Number(qParam.split('=')[1]) : 0;
    return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q <= 1 ? q : 0, order };
  });
  const refused = new Set(ranges.filter((r) => r.q === 0).map((r) => r.lang));
  const ranked = ranges.filter((r) => r.lang !== '' && r.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { lang } of ranked) {
    // `*` is any language the client did not refuse outright.
    if (lang === '*') return ERROR_LANGUAGES.find((l) => !refused.has(l)) ?? DEFAULT_ERROR_LANGUAGE;
    if ((ERROR_LANGUAGES as readonly string[]).includes(lang)) return lang as ErrorLanguage;
  }
  return DEFAULT_ERROR_LANGUAGE;
}
