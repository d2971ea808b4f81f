/**
 * The seeded actions in Spanish (decision 272), by slug: written for Spanish-speaking readers in the U.S., not
 * translated word for word. The links, dates and image stay the English action's.
 */
export type SeedActionSpanish = {
  title: string;
  /** At most 220 characters, as the admin form allows. */
  summary: string;
  whyItMatters: string;
  steps: string[];
  timeRequired: string;
  materials: string[];
};

export const DEFAULT_CTA_LABEL_ES = "Haz la acción de esta semana";

export const SEED_ACTIONS_ES: Record<string, SeedActionSpanish> = {
  "remove-invasive-plants": {
    title: "Arranca una planta invasora de tu vecindario",
    summary:
      "Aprende a reconocer una planta invasora común en tu zona y sácala de tu patio o de un parque cercano (con permiso). Así les abres espacio a las plantas nativas de las que vive la fauna.",
    whyItMatters:
      "Las plantas invasoras, como la hiedra inglesa, la zarzamora del Himalaya, la mostaza de ajo o el espino cerval, se extienden muy rápido, desplazan a las especies nativas y casi no dan alimento a insectos ni aves. Algunas asfixian árboles o cambian la forma en que el suelo retiene el agua. Detectarlas a tiempo es la manera más barata y eficaz de frenarlas, y cada rincón que limpias les da a las plantas nativas la oportunidad de volver.",
    steps: [
      "Busca la lista de especies invasoras de tu estado y escoge una planta que crezca cerca de ti.",
      "Aprende a identificarla bien, incluidas las plantas nativas parecidas que debes dejar en paz.",
      "Sácala a mano o con una pala de jardín, jalando despacio para llevarte la mayor parte de la raíz.",
      "Mete las semillas y las bayas en una bolsa y tíralas a la basura, no a la composta, para que no se propaguen.",
      "Vuelve a sembrar o cubre la tierra con mantillo para que la planta invasora no rebrote.",
    ],
    timeRequired: "45 a 60 minutos",
    materials: [
      "Guantes de jardinería",
      "Una pala de mano o un escarificador",
      "Una bolsa de basura resistente",
      "Mantillo o plantitas nativas (opcional)",
    ],
  },
  "make-windows-bird-safe": {
    title: "Haz que tus ventanas sean más seguras para las aves",
    summary:
      "En EE. UU. y Canadá mueren hasta mil millones de aves al año al chocar contra vidrios. Esta semana, protege las una o dos ventanas de tu casa donde más chocan, con marcas, cinta o mosquiteros.",
    whyItMatters:
      "Las aves ven en el vidrio el reflejo del cielo y de los árboles, creen que es espacio abierto y vuelan directo hacia él. Casi la mitad de los choques ocurren en casas y edificios bajos, no en rascacielos, así que las ventanas de nuestras casas sí cuentan. Romper el reflejo con un patrón de marcas a unas dos pulgadas de distancia les avisa que ahí hay algo sólido, y funciona todo el año, también durante la migración de primavera y otoño.",
    steps: [
      "Recorre tu casa y ubica las ventanas que reflejan árboles o cielo, o que están cerca de un comedero.",
      "Fíjate si hay señales de choques anteriores, como manchas o plumas en el vidrio.",
      "Pon puntos, tiras de cinta o un patrón con marcador de pintura por fuera del vidrio, a no más de 2 pulgadas entre sí.",
      "Otra opción: coloca un mosquitero o cuelga cordones verticales por fuera de la ventana.",
      "Pon los comederos a menos de 3 pies de una ventana o a más de 30 pies, para que las aves no agarren velocidad.",
    ],
    timeRequired: "30 a 60 minutos",
    materials: [
      "Cinta especial para ventanas o un marcador de pintura blanca",
      "Una regla o cinta métrica",
      "Limpiavidrios y un trapo",
      "Un banquito",
    ],
  },
  "pick-up-litter-near-water": {
    title: "Recoge basura 20 minutos cerca del agua",
    summary:
      "La mayor parte de la basura del océano sale de tierra firme y baja por alcantarillas, arroyos y ríos. Dedica 20 minutos a recoger basura junto a un arroyo, lago, playa o alcantarilla, y anota lo que encuentres.",
    whyItMatters:
      "Cada vez que llueve, las bolsas, tapitas, colillas y envolturas de comida pasan de la calle a los ríos y arroyos. Los animales se enredan en los desechos o se los comen por error, y el plástico se rompe en pedacitos casi imposibles de limpiar después. Recoger la basura antes de que llegue al agua es de las formas más directas de ayudar, y anotar lo que juntas les da a los científicos datos que usan para exigir soluciones desde el origen.",
    steps: [
      "Escoge un lugar seguro cerca del agua: un sendero junto a un arroyo, la orilla de un lago, una playa o las alcantarillas de tu calle.",
      "Ponte guantes y lleva dos bolsas: una para basura y otra para reciclables.",
      "Pon un temporizador de 20 minutos y recoge toda la basura que puedas; deja lo natural, como madera o algas.",
      "Usa una tarjeta de datos o una app de limpiezas para anotar lo que encontraste; las colillas y envolturas también cuentan.",
      "Tira todo donde corresponde y lávate las manos al terminar.",
    ],
    timeRequired: "20 a 30 minutos",
    materials: [
      "Guantes reutilizables",
      "Dos bolsas o cubetas",
      "Una pinza para basura (opcional)",
      "Tu celular o una libreta",
    ],
  },
  "leave-the-leaves": {
    title: "Deja las hojas para la fauna",
    summary:
      "Las hojas secas son comida y refugio, no basura. Esta semana, quítalas de los caminos y del pasto y pásalas a los canteros y debajo de los arbustos en lugar de embolsarlas. Y olvídate del soplador.",
    whyItMatters:
      "Muchas mariposas, polillas, luciérnagas, abejas nativas y escarabajos pasan los meses fríos entre las hojas como huevos, orugas o pupas. Cuando embolsamos las hojas y se las llevan, esos insectos se van con ellas, y con ellos la comida que las aves necesitan para criar a sus polluelos en primavera. Una capa de hojas además protege las raíces del frío, guarda la humedad y se convierte en un abono gratis que alimenta la tierra.",
    steps: [
      "Decide qué áreas necesitas despejadas, como caminos, la entrada del carro y algunos pedazos de pasto.",
      "Rastrilla o barre las hojas de esas áreas hacia los canteros, debajo de los árboles y alrededor de los arbustos.",
      "Deja una capa delgada sobre el pasto o pásale la podadora para picar las hojas y que abonen el césped.",
      "Deja de pie los tallos huecos y las cabezas de semillas: ahí anidan abejas y comen las aves.",
      "En primavera, espera a que de día la temperatura se mantenga sobre los 50 °F antes de volver a limpiar.",
    ],
    timeRequired: "30 a 60 minutos",
    materials: ["Un rastrillo", "Guantes de jardinería", "Una carretilla o una lona (opcional)"],
  },
  "cut-food-waste": {
    title: "Planea una semana de comidas sin desperdicio",
    summary:
      "Cerca de un tercio de la comida en EE. UU. nunca se come. Esta semana, planea tus comidas, compra con lista y aprovecha lo que ya tienes en el refri, para que menos comida termine en el basurero.",
    whyItMatters:
      "Cuando tiramos comida, también tiramos la tierra, el agua, la energía y los fertilizantes que se usaron para cultivarla, transportarla y guardarla. La comida es lo que más abunda en los rellenos sanitarios de EE. UU., donde se pudre y suelta metano, un gas de efecto invernadero muy potente. Una familia de cuatro gasta unos $1,500 al año en comida que no se come, así que desperdiciar menos le conviene a tu bolsillo y al planeta.",
    steps: [
      "Revisa el refri, el congelador y la alacena, y anota lo que hay que comer pronto.",
      "Planea las comidas de la semana con esos ingredientes y haz una lista solo con lo que falta.",
      "Guarda bien frutas y verduras: las hojas verdes en el cajón del refri, y las manzanas y los plátanos lejos de otras frutas.",
      "Pon adelante lo más viejo y marca las sobras con la fecha.",
      "Convierte las sobras en platillos nuevos, como sopas, salteados o tortillas de huevo, y congela lo que no alcances a comer.",
    ],
    timeRequired: "30 minutos para planear, y luego unos minutos al día",
    materials: [
      "Papel o una app de notas para tu plan",
      "Recipientes reutilizables",
      "Cinta de papel y un marcador para las etiquetas",
    ],
  },
  "dim-outdoor-lights": {
    title: "Baja las luces de afuera para la fauna nocturna",
    summary:
      "La luz artificial de noche desorienta a las aves migratorias, afecta a los insectos y esconde las estrellas. Esta semana, apaga, cubre o pon temporizador a las luces de afuera que no necesitas, y usa focos cálidos.",
    whyItMatters:
      "La mayoría de las aves cantoras migran de noche y se guían en parte por las estrellas; las luces fuertes las desvían y las hacen chocar contra los edificios. Las polillas y otros insectos nocturnos dan vueltas alrededor de las luces hasta agotarse, y menos insectos significa menos comida para murciélagos y aves. También les afecta a las tortuguitas marinas recién nacidas, a las ranas y a las luciérnagas. Iluminar con cuidado (solo donde y cuando hace falta, hacia abajo y con luz cálida) además ahorra energía y dinero.",
    steps: [
      "Ya de noche, da una vuelta por tu casa y anota cada luz exterior y hacia dónde alumbra de verdad.",
      "Apaga las luces que solo decoran o que alumbran un patio vacío.",
      "Pon temporizadores o sensores de movimiento a las luces que necesitas por seguridad.",
      "Coloca pantallas o escoge lámparas que dirijan la luz hacia abajo, no hacia los lados ni al cielo.",
      "Cambia los focos blancos o azulados por unos cálidos de 3000 K o menos, y cierra las cortinas de noche en temporada de migración.",
    ],
    timeRequired: "30 a 45 minutos",
    materials: [
      "Una linterna para tu recorrido",
      "Focos LED de luz cálida (3000 K o menos)",
      "Temporizadores de enchufe o sensores de movimiento (opcional)",
    ],
  },
  "fix-household-leaks": {
    title: "Encuentra y arregla las fugas de agua en tu casa",
    summary:
      "Un inodoro que gotea o una llave que no cierra bien pueden desperdiciar miles de galones al año. Esta semana, revisa tu casa en 15 minutos, arregla lo fácil y deja más agua para los ríos y la fauna.",
    whyItMatters:
      "Las fugas en los hogares desperdician casi un billón de galones de agua al año en EE. UU., y una de cada diez casas pierde 90 galones o más al día. Cada galón que sale de la llave hay que bombearlo, tratarlo y calentarlo, y eso gasta energía; en las zonas secas, además, se saca de los mismos ríos y acuíferos de los que dependen los peces y la fauna. La mayoría de los arreglos son rápidos y baratos, y bajan tu factura del agua.",
    steps: [
      "Lee el medidor de agua, no uses nada de agua por dos horas y vuelve a leerlo; si cambió, tienes una fuga.",
      "Echa unas gotas de colorante en el tanque de cada inodoro y espera 15 minutos sin jalar; si la taza se pinta, la válvula de descarga gotea.",
      "Revisa si gotean las llaves, las regaderas y las llaves de afuera, y aprieta las conexiones.",
      "Cambia las válvulas de descarga gastadas y los empaques de las llaves, o ponle cinta de teflón a la rosca de la regadera.",
      "Llama a un plomero para lo que no puedas arreglar, y compara tu próxima factura del agua.",
    ],
    timeRequired: "30 a 45 minutos",
    materials: [
      "Colorante de comida",
      "Cinta de teflón",
      "Una llave ajustable",
      "Una válvula de descarga de repuesto, si hace falta",
    ],
  },
  "go-pesticide-free": {
    title: "Haz de tu patio una zona libre de pesticidas",
    summary:
      "Los pesticidas de jardín no solo matan plagas: también dañan a las abejas, las mariposas y las aves que comen insectos. Esta semana, deshazte de los que no necesitas y aprende formas más suaves de controlar plagas.",
    whyItMatters:
      "Los insecticidas como los neonicotinoides se absorben en las hojas, el polen y el néctar de las plantas, así que pueden envenenar durante semanas o meses a los polinizadores que las visitan. Los herbicidas acaban con las flores silvestres de las que se alimentan abejas y mariposas, y la lluvia arrastra estos químicos a los arroyos. Un jardín sano y variado atrae a los depredadores naturales (mariquitas, crisopas, avispas y aves) que mantienen a raya la mayoría de las plagas sin costo.",
    steps: [
      "Junta los pesticidas, herbicidas y abonos con herbicida que tengas en el garaje o el cobertizo, y lee sus etiquetas.",
      "Lleva los que ya no quieras a un centro de desechos peligrosos del hogar; nunca los tires por el drenaje.",
      "Antes de aplicar nada, identifica qué plaga te está molestando de verdad; muchos insectos son inofensivos o útiles.",
      "Prueba primero sin químicos: quitarlos a mano, un buen chorro de agua, mallas protectoras o arrancar hierbas después de la lluvia.",
      "Antes de comprar plantas, pregunta en el vivero si las trataron con neonicotinoides.",
    ],
    timeRequired: "30 a 45 minutos",
    materials: ["Guantes de jardinería", "Una caja para los productos que vas a entregar", "Una manguera con boquilla"],
  },
  "swap-single-use-plastics": {
    title: "Cambia tres plásticos desechables por reutilizables",
    summary:
      "Bolsas, botellas, vasos y envases para llevar están entre lo que más se encuentra en las limpiezas de ríos y playas. Esta semana, escoge tres plásticos desechables que usas seguido y cámbialos por reutilizables.",
    whyItMatters:
      "Solo una pequeña parte del plástico se recicla, y el plástico no se degrada: se rompe en microplásticos que ya están en los ríos, los océanos, la tierra y hasta en lo que comemos. Las tortugas marinas, las aves del mar y los mamíferos marinos sufren cuando se tragan plástico o se enredan en él. Dejar los desechables que más usas es de las maneras más sencillas de bajar la demanda de plástico nuevo.",
    steps: [
      "Durante un día, fíjate en cada plástico desechable que usas o tiras.",
      "Escoge los tres que más usas, como botellas de agua, vasos de café, bolsas para fruta o cubiertos para llevar.",
      "Busca una alternativa reutilizable para cada uno, empezando por lo que ya tienes en casa.",
      "Deja tus reutilizables donde los vas a necesitar: junto a la puerta, en tu bolsa o en el carro.",
      "Cuéntale a alguien sobre tus cambios, o pregunta en tu café o restaurante favorito si tienen opciones reutilizables.",
    ],
    timeRequired: "20 a 30 minutos",
    materials: [
      "Una botella de agua reutilizable",
      "Un vaso de café reutilizable",
      "Bolsas de tela para el súper y para la fruta",
      "Un juego de cubiertos reutilizables",
    ],
  },
  "plant-native-wildflowers": {
    title: "Siembra flores silvestres nativas para los polinizadores",
    summary:
      "Las abejas y mariposas nativas necesitan las plantas con las que evolucionaron. Esta semana, siembra flores silvestres nativas en un rincón soleado, una jardinera o una maceta en el balcón.",
    whyItMatters:
      "Muchas abejas y mariposas nativas están disminuyendo porque el pasto, el pavimento y las plantas de ornato reemplazan a las flores silvestres de las que dependen. Las plantas nativas dan el néctar, el polen y las hojas que los insectos de la zona necesitan; las orugas de la mariposa monarca, por ejemplo, solo comen algodoncillo. Hasta un pedacito de tierra ayuda, y muchas semillas nativas germinan mejor después de pasar el invierno afuera, así que el otoño y el principio de la primavera son buenos momentos para sembrar.",
    steps: [
      "Averigua cuáles son las flores silvestres nativas de tu región con un buscador de plantas nativas, y compra semillas a un proveedor local o regional.",
      "Escoge un lugar que reciba al menos seis horas de sol, o usa una maceta o jardinera grande.",
      "Quita el pasto y las hierbas, y afloja la primera pulgada de tierra con un rastrillo o una pala de mano.",
      "Mezcla las semillas con un poco de arena, espárcelas parejo y presiónalas contra la tierra sin enterrarlas mucho.",
      "Riega con cuidado y mantén la tierra un poco húmeda hasta que las plantitas agarren fuerza.",
      "No uses pesticidas, y deja un poco de tierra descubierta cerca para las abejas que anidan en el suelo.",
    ],
    timeRequired: "30 a 45 minutos",
    materials: [
      "Semillas de flores silvestres nativas",
      "Un pedazo de tierra o una jardinera grande",
      "Herramientas básicas de jardín",
      "Una regadera",
    ],
  },
  "record-wildlife-sightings": {
    title: "Hazte científica o científico ciudadano de la fauna local",
    summary:
      "Los científicos no pueden estar en todas partes, pero tú sí. Esta semana, fotografía cinco plantas, insectos o aves silvestres cerca de tu casa y compártelos en iNaturalist o eBird para aportar datos reales.",
    whyItMatters:
      "Las observaciones de voluntarios ayudan a los investigadores a saber dónde viven las especies, cómo cambian sus poblaciones y cómo responde la fauna al calentamiento del clima. Los registros de iNaturalist y eBird se usan en estudios publicados y ayudan a quienes manejan tierras a decidir qué hábitats proteger; hasta han permitido redescubrir especies que se creían perdidas. Además, es una forma bonita de ir más despacio y conocer a tus vecinos de plumas, pétalos y alas.",
    steps: [
      "Instala la app gratuita de iNaturalist o eBird, o crea una cuenta en su sitio web.",
      "Da un paseo tranquilo por tu cuadra, un parque o tu propio patio.",
      "Fotografía cinco seres vivos silvestres distintos: plantas, insectos, aves, hongos o lo que encuentres.",
      "Sube tus observaciones con su ubicación; la app te sugerirá de qué especie se trata.",
      "Vuelve a revisar en la semana para ver si la comunidad confirmó o afinó tus identificaciones.",
    ],
    timeRequired: "30 a 60 minutos",
    materials: ["Un celular o una cámara", "Zapatos cómodos para caminar", "Binoculares (opcional)"],
  },
  "seal-drafts-save-energy": {
    title: "Sella las corrientes de aire y gasta menos energía en casa",
    summary:
      "La calefacción y el aire acondicionado son lo que más energía gasta en casi cualquier casa. Esta semana, busca dónde se cuela el aire en puertas y ventanas y séllalo con burletes o silicón.",
    whyItMatters:
      "El aire que se escapa por puertas, ventanas, enchufes y la entrada al ático puede representar una buena parte de la energía que se usa para calentar y enfriar una casa, y mucha de esa energía todavía viene de quemar combustibles fósiles. Sellar las fugas es de las mejoras de eficiencia más baratas que hay, y tu casa se siente más cómoda de inmediato. Menos demanda de energía significa menos contaminación de las plantas eléctricas y los calentadores.",
    steps: [
      "Un día con viento, acerca una varita de incienso encendida o una tira de pañuelo a los marcos de puertas, ventanas y enchufes, y fíjate si se mueve.",
      "Marca cada corriente de aire que encuentres con un pedacito de cinta.",
      "Pon burlete autoadhesivo alrededor de las puertas y de las ventanas que se abren.",
      "Sella con silicón las rendijas de los marcos fijos y los zócalos, y pon juntas de espuma detrás de las tapas de los enchufes en paredes exteriores.",
      "Ponles un burlete inferior a las puertas que dan afuera, y baja el termostato uno o dos grados para asegurar el ahorro.",
    ],
    timeRequired: "45 a 60 minutos",
    materials: [
      "Cinta de burlete",
      "Un tubo de silicón y una pistola para aplicarlo",
      "Un burlete para la parte de abajo de la puerta",
      "Una varita de incienso o un pañuelo",
    ],
  },
  "capture-rainwater": {
    title: "Junta agua de lluvia y reduce la escorrentía",
    summary:
      "La lluvia que corre por techos y entradas arrastra aceite, fertilizante y basura a los arroyos. Esta semana, desvía una bajante hacia un cantero, un barril de lluvia o un jardín de lluvia para que el agua se filtre.",
    whyItMatters:
      "En pueblos y ciudades, las superficies duras no dejan que la lluvia se absorba. El agua de tormenta corre hacia las alcantarillas y de ahí directo a arroyos, ríos y bahías, llevándose contaminantes, erosionando las orillas y a veces saturando el drenaje. Frenar esa agua en casa hace que se filtre por la tierra, recarga el agua subterránea y te da agua gratis para el jardín en temporada seca.",
    steps: [
      "Cuando llueva, o justo después, observa hacia dónde corre el agua de tu techo, la entrada y el patio.",
      "Escoge una bajante que desagüe sobre el pavimento o directo a la calle.",
      "Alárgala o ponle un desviador para que el agua caiga sobre pasto o un cantero, a por lo menos 10 pies de los cimientos.",
      "Para un mayor impacto, instala un barril de lluvia con tapa de malla, o planea un pequeño jardín de lluvia con plantas nativas.",
      "Usa el agua que juntes para el jardín, no para beber, y mantén las canaletas y los drenajes libres de hojas.",
    ],
    timeRequired: "30 a 60 minutos",
    materials: [
      "Una extensión para la bajante o un desviador",
      "Un barril de lluvia con tapa de malla (opcional)",
      "Guantes de trabajo",
    ],
  },
  "start-composting": {
    title: "Empieza a hacer composta con los restos de tu cocina",
    summary:
      "Los restos de comida y del jardín son buena parte de la basura de una casa. Esta semana, arma un compostero sencillo o inscríbete en la recolección de tu ciudad, y convierte cáscaras y café en tierra fértil.",
    whyItMatters:
      "En un relleno sanitario, los restos de comida se descomponen sin oxígeno y sueltan metano, un gas de efecto invernadero mucho más potente que el dióxido de carbono a corto plazo. Con la composta, esos mismos restos se descomponen con oxígeno y se vuelven una tierra oscura y suelta que ayuda a los jardines a retener agua y reduce la necesidad de fertilizantes químicos. Muchas ciudades ya recogen restos de comida en la acera, y un compostero en el patio solo toma unos minutos a la semana.",
    steps: [
      "Averigua si tu ciudad recoge restos de comida en la acera o tiene un punto de entrega comunitario.",
      "Si no, escoge un compostero de patio o una pila sencilla en un rincón con sombra, o un vermicompostero si vives en departamento.",
      "Ten en la cocina un recipiente pequeño con tapa para cáscaras de frutas y verduras, café molido y cascarones de huevo.",
      "Alterna los restos húmedos con material seco, como hojas, papel picado o cartón.",
      "Revuelve la pila cada una o dos semanas, y mantenla tan húmeda como una esponja exprimida.",
    ],
    timeRequired: "45 a 60 minutos",
    materials: [
      "Un compostero o un vermicompostero",
      "Un recipiente pequeño con tapa para la cocina",
      "Hojas secas o cartón picado",
    ],
  },
};
