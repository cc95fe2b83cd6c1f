/**
 * The vocabularies of the generated sites of the generalisation suites (issue #12): words their
 * text is written with, people's names and month names, by language. Text only: no markup, no
 * structure, nothing the extraction is told.
 */
/** Words of the generated sites' text, by language (`TextWriter` joins them into sentences). */
export const WORDS_EN = `harbour village meadow orchard lantern bicycle ferry market bakery chapel quarry mill river
bridge station island valley ridge garden kitchen letter ledger journal window ladder barrel basket
winter spring autumn summer morning evening weekend rainfall frost thunder sunlight shadow
repaired painted measured planted gathered carried borrowed counted noticed followed remembered
quietly slowly carefully early late again nearly often together beyond across under above the a
of and with from into after before during old new small long narrow bright heavy`.split(/\s+/);
export const WORDS_DE = `Hafen Dorf Wiese Obstgarten Laterne Fahrrad Fähre Markt Bäckerei Kapelle Mühle Fluss Brücke
Bahnhof Insel Tal Garten Küche Brief Fenster Leiter Winter Frühling Herbst Sommer Morgen Abend Regen
Frost Gewitter Stadtrat Haushalt Verkehr Schule Bürger gebaut gemessen geplant gesammelt getragen
gezählt bemerkt beschlossen langsam sorgfältig früh spät wieder fast oft gemeinsam jenseits unter
über der die das ein eine von und mit aus nach vor während alt neu klein lang schmal hell schwer`.split(/\s+/);
export const WORDS_FR = `port village prairie verger lanterne vélo bac marché boulangerie chapelle carrière moulin rivière
pont gare île vallée crête jardin cuisine lettre registre fenêtre échelle tonneau panier hiver
printemps automne été matin soir pluie gel orage soleil ombre réparé peint mesuré planté ramassé
porté emprunté compté remarqué suivi lentement doucement tôt tard encore presque souvent ensemble
sous sur avec dans après avant pendant vieux nouveau petit long étroit clair lourd le la les un une
de et du`.split(/\s+/);
export const WORDS_PL = `port wieś łąka sad latarnia rower prom targ piekarnia kaplica kamieniołom młyn rzeka most
dworzec wyspa dolina grzbiet ogród kuchnia list dziennik okno drabina beczka kosz zima wiosna
jesień lato rano wieczór deszcz mróz burza słońce cień naprawiony pomalowany zmierzony posadzony
zebrany niesiony policzony zauważony powoli cicho wcześnie późno znowu prawie często razem pod nad
z po przed stary nowy mały długi wąski jasny ciężki i w na`.split(/\s+/);
export const WORDS_RU = `гавань деревня луг сад фонарь велосипед паром рынок пекарня часовня карьер мельница река мост
вокзал остров долина хребет огород кухня письмо журнал окно лестница бочка корзина зима весна
осень лето утро вечер дождь мороз гроза солнце тень починил покрасил измерил посадил собрал
принёс посчитал заметил медленно тихо рано поздно снова почти часто вместе под над с из после
перед старый новый малый длинный узкий светлый тяжёлый и в на`.split(/\s+/);
/** Japanese words and particles: sentences join them without spaces. */
export const WORDS_JA = `港 村 草原 果樹園 提灯 自転車 渡し船 市場 パン屋 礼拝堂 石切場 水車 川 橋 駅 島 谷 尾根 庭 台所
手紙 帳簿 日記 窓 梯子 樽 籠 冬 春 秋 夏 朝 夕方 週末 雨 霜 雷 日差し 影 の に を で が は と から まで
直した 塗った 測った 植えた 集めた 運んだ 数えた 気づいた 静かに ゆっくり 丁寧に 早く 遅く また`.split(/\s+/);
/** Commenters' and authors' names, by language. */
export const NAMES_EN = ['Ada Lind', 'Bram Kok', 'Chiara Neri', 'Dmitri Volkov', 'Elif Aksoy', 'Farah Haddad', 'Gus Moran', 'Hana Sato'];
export const NAMES_DE = ['Anke Vogt', 'Bernd Kraus', 'Clara Wendt', 'Dieter Lang', 'Erika Stahl', 'Fritz Haas'];
export const NAMES_FR = ['Aline Morel', 'Bruno Petit', 'Céline Roux', 'Denis Faure', 'Élodie Blanc', 'Fabien Garnier'];
export const NAMES_PL = ['Agata Nowak', 'Bartek Wójcik', 'Celina Kamińska', 'Dawid Zieliński', 'Ewa Lewandowska', 'Filip Mazur'];
export const NAMES_RU = ['Анна Козлова', 'Борис Орлов', 'Вера Соколова', 'Глеб Морозов', 'Дарья Волкова', 'Егор Лебедев'];
export const NAMES_JA = ['田中花子', '佐藤健', '鈴木一郎', '高橋美咲', '伊藤大輔', '山本さくら'];
/** Month names as dates print them, by language (Russian in the genitive). */
export const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
export const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
export const MONTHS_RU = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
