/**
 * The seeded tips in Spanish (decision 272), by their English title: each written for Spanish-speaking readers in
 * the U.S., short enough for the weekly email, with the same facts and source link as the English tip.
 */
export const SEED_TIPS_ES: Record<string, { title: string; body: string }> = {
  "Hunt down household leaks": {
    title: "Busca las fugas de tu casa",
    body: "Las fugas de una casa promedio desperdician casi 10,000 galones de agua al año. Revisa si gotea una llave, si el inodoro no deja de correr o si la regadera pierde agua, y arréglalo: muchas veces basta con un empaque o una válvula nueva.",
  },
  "Turn off the tap while you brush": {
    title: "Cierra la llave mientras te lavas los dientes",
    body: "Dejar el agua corriendo mientras te cepillas puede mandar galones al drenaje todos los días. Moja el cepillo, cierra la llave y ábrela solo para enjuagarte.",
  },
  "Swap in a WaterSense showerhead": {
    title: "Cambia a una regadera WaterSense",
    body: "Las regaderas con la etiqueta WaterSense usan como máximo 2.0 galones por minuto y tienen que pasar una prueba de desempeño: ahorras agua y la energía para calentarla, sin quedarte con un chorrito.",
  },
  "Water the garden early, and only when it needs it": {
    title: "Riega temprano, y solo cuando haga falta",
    body: "Hasta la mitad del agua que se usa afuera se pierde con el viento, la evaporación y el riego mal hecho. Riega temprano en la mañana, apunta a las raíces y sáltate un día después de que llueva.",
  },
  "Catch the rain": {
    title: "Junta la lluvia",
    body: "Un barril debajo de la bajante junta el agua del techo para regar tus plantas, y evita que esa agua corra por el pavimento arrastrando contaminantes a los arroyos.",
  },
  "Set the thermostat back at night": {
    title: "Ajusta el termostato por la noche",
    body: "Bajar el termostato de 7 a 10 °F durante 8 horas al día, mientras duermes o no estás, puede ahorrarte hasta un 10 % al año en calefacción y aire acondicionado. Un termostato programable o inteligente lo hace por ti.",
  },
  "Switch to LED bulbs": {
    title: "Cámbiate a focos LED",
    body: "Los focos LED con ENERGY STAR gastan por lo menos un 75 % menos de energía que los incandescentes y duran hasta 25 veces más. Empieza por las luces que más tiempo dejas prendidas.",
  },
  "Turn the water heater down to 120°F": {
    title: "Baja el calentador de agua a 120 °F",
    body: "Muchos calentadores vienen puestos a 140 °F. Bajarlo a 120 °F ahorra energía, frena el sarro y la corrosión del tanque, y reduce el riesgo de quemaduras.",
  },
  "Wash clothes in cold water": {
    title: "Lava la ropa con agua fría",
    body: "Casi toda la energía que usa una lavadora se va en calentar el agua. Los detergentes de hoy limpian bien en frío, así que con solo girar la perilla ahorras energía en cada carga.",
  },
  "Seal the drafts": {
    title: "Tapa las corrientes de aire",
    body: "El aire que se cuela por ventanas, puertas y tuberías hace trabajar de más a la calefacción y al aire acondicionado. El silicón y los burletes son arreglos baratos y sencillos que se pagan solos con comodidad y facturas más bajas.",
  },
  "Let window coverings do the work": {
    title: "Deja que las cortinas hagan el trabajo",
    body: "En verano, cierra persianas y cortinas en las ventanas donde pega el sol para que no entre el calor; en invierno, abre las que dan al sur durante el día para que el sol caliente tu casa. De noche, ciérralas para guardar el calor.",
  },
  "Use a fan before the air conditioner": {
    title: "Usa el ventilador antes que el aire acondicionado",
    body: "Con un ventilador de techo puedes subir el termostato unos 4 °F sin sentir más calor. Los ventiladores refrescan a las personas, no los cuartos, así que apágalos cuando salgas.",
  },
  "Stop paying for standby power": {
    title: "Deja de pagar por aparatos en espera",
    body: "Muchos aparatos electrónicos gastan luz aunque estén apagados. Conecta la tele, la consola y los cargadores a una regleta y apágala cuando no los uses.",
  },
  "Run the dishwasher instead of the sink": {
    title: "Usa el lavaplatos en lugar del fregadero",
    body: "Un lavaplatos ENERGY STAR lleno gasta mucha menos agua que lavar los mismos trastes a mano. Raspa los platos en vez de enjuagarlos antes, y ponlo a funcionar solo cuando esté lleno.",
  },
  "Start a compost pile": {
    title: "Empieza una composta",
    body: "Los restos de comida y del jardín son más de una cuarta parte de lo que tiramos. Hacer composta en casa los convierte en tierra fértil para tu jardín y los saca de los rellenos sanitarios, donde producen metano.",
  },
  "Plan meals to waste less food": {
    title: "Planea tus comidas para desperdiciar menos",
    body: "Haz la lista del súper a partir de las comidas que vas a preparar, revisa lo que ya tienes y come primero lo más viejo. La comida que se tira desperdicia toda el agua, la energía y la tierra que costó producirla.",
  },
  "Read date labels the right way": {
    title: "Entiende bien las fechas de las etiquetas",
    body: "Salvo la fórmula para bebés, las fechas de «consumir preferentemente antes de» hablan de calidad, no de seguridad. La comida bien guardada muchas veces sigue buena después de esa fecha: mírala, huélela y aprovéchala antes de tirarla.",
  },
  "Keep the fridge at 40°F or below": {
    title: "Mantén el refri a 40 °F o menos",
    body: "Un refrigerador a 40 °F o menos y un congelador a 0 °F conservan la comida segura por más tiempo, así que se echa a perder menos. Un termómetro barato para electrodomésticos te dice a qué temperatura está el tuyo de verdad.",
  },
  "Learn how long food keeps": {
    title: "Aprende cuánto dura cada alimento",
    body: "La app FoodKeeper del USDA te dice cuánto tiempo se conservan cientos de alimentos en la alacena, el refri y el congelador, para que los uses a tiempo en lugar de adivinar.",
  },
  "Recycle right, not hopefully": {
    title: "Recicla bien, no «a ver si se puede»",
    body: "Vacía y enjuaga los envases, no metas bolsas de plástico en el bote de reciclaje de la acera (muchas tiendas las reciben) y revisa la lista de tu programa local: una sola cosa equivocada puede arruinar todo un lote.",
  },
  "Give old electronics a second life": {
    title: "Dale una segunda vida a tus aparatos viejos",
    body: "Dona los celulares y computadoras que todavía sirven, y lleva los descompuestos a un reciclador de electrónicos certificado. Así se recuperan sus metales y los materiales peligrosos no terminan en la basura.",
  },
  "Never put batteries in the trash": {
    title: "Nunca tires pilas a la basura",
    body: "Las pilas de litio y las de botón pueden causar incendios en los camiones de basura y en las plantas de reciclaje. Cubre los polos con cinta y llévalas a un punto de recolección de pilas o de desechos peligrosos del hogar.",
  },
  "Dispose of household chemicals safely": {
    title: "Deshazte con cuidado de los químicos de la casa",
    body: "La pintura, los solventes, los pesticidas y los limpiadores que sobran nunca deben ir al drenaje ni a la basura. Úsalos hasta terminarlos, regálalos o llévalos a una recolección de desechos peligrosos del hogar.",
  },
  "Choose Safer Choice cleaners": {
    title: "Escoge limpiadores Safer Choice",
    body: "En los productos con la etiqueta Safer Choice de la EPA se revisó cada ingrediente para comprobar que es seguro para las personas y el medio ambiente. Búscala en limpiadores, detergentes y más.",
  },
  "Buy secondhand and mend what you have": {
    title: "Compra de segunda mano y remienda lo que tienes",
    body: "En EE. UU. se tiran millones de toneladas de ropa y textiles cada año, y casi todo termina en rellenos sanitarios. Remendar, intercambiar y comprar ropa usada hace que dure mucho más.",
  },
  "Carry reusables": {
    title: "Lleva siempre tus reutilizables",
    body: "Una bolsa, una botella y un vaso reutilizables evitan la basura antes de que exista. Reducir y reutilizar ahorra más recursos que reciclar, porque no hay que fabricar nada de nuevo.",
  },
  "Drive gently": {
    title: "Maneja con suavidad",
    body: "Ir muy rápido, acelerar de golpe y frenar fuerte puede bajar el rendimiento de gasolina entre un 15 y un 30 % en carretera. Manejar con calma ahorra combustible, dinero y emisiones.",
  },
  "Keep your tires inflated": {
    title: "Mantén las llantas bien infladas",
    body: "Las llantas infladas a la presión que indica la etiqueta de la puerta del conductor rinden más gasolina y duran más. Revísalas cada mes, cuando estén frías.",
  },
  "Don't idle": {
    title: "No dejes el motor prendido sin moverte",
    body: "Un carro encendido y parado rinde cero millas por galón. Si vas a estar detenido más de unos 10 segundos, salvo en el tráfico, apagar el motor ahorra gasolina y contamina menos.",
  },
  "Leave one car trip behind each week": {
    title: "Deja un viaje en carro cada semana",
    body: "Un carro típico emite unas 4.6 toneladas métricas de dióxido de carbono al año. Caminar, ir en bici, tomar el transporte público o juntar varios mandados en una sola salida le va quitando a esa cifra.",
  },
  "Plant natives for birds": {
    title: "Siembra plantas nativas para las aves",
    body: "Las plantas nativas alimentan a los insectos con los que las aves crían a sus polluelos, y dan semillas y bayas todo el año. La base de datos de Audubon te muestra las mejores para tu código postal.",
  },
  "Leave the leaves": {
    title: "Deja las hojas en su lugar",
    body: "Las hojas caídas dan refugio en invierno a mariposas, polillas, abejas y otros insectos. Déjalas en los canteros y debajo de los árboles en vez de embolsarlas; además, abonan la tierra.",
  },
  "Grow milkweed for monarchs": {
    title: "Siembra algodoncillo para las monarcas",
    body: "Las orugas de la mariposa monarca solo comen algodoncillo. Si siembras una especie de algodoncillo nativa de tu región, lejos de los pesticidas, les das a las monarcas un lugar donde poner sus huevos.",
  },
  "Skip the pesticides": {
    title: "Olvídate de los pesticidas",
    body: "Los pesticidas matan a las abejas, mariposas y escarabajos de los que depende un jardín. Acepta algunas hojas mordidas, quita las plagas a mano y deja que las aves y los insectos benéficos hagan el resto.",
  },
  "Make your windows safer for birds": {
    title: "Haz tus ventanas más seguras para las aves",
    body: "En EE. UU. mueren hasta mil millones de aves al año al chocar contra vidrios. Los mosquiteros, o los patrones de puntos y líneas por fuera del vidrio a no más de 2 pulgadas entre sí, les ayudan a ver las ventanas.",
  },
  "Keep cats indoors": {
    title: "Mantén a tu gato dentro de casa",
    body: "Los gatos que andan afuera matan mucho más de mil millones de aves al año en EE. UU. Tenerlos dentro de casa, o en un «catio», protege a las aves y cuida a tu gato de los carros, las enfermedades y los depredadores.",
  },
  "Turn off lights for migrating birds": {
    title: "Apaga las luces por las aves migratorias",
    body: "La mayoría de las aves cantoras migran de noche, y las luces fuertes las desvían hacia los edificios. Durante la migración de primavera y otoño, apaga las luces que no necesitas y cierra las persianas de noche.",
  },
  "Garden for wildlife": {
    title: "Haz de tu jardín un hogar para la fauna",
    body: "Comida, agua, refugio y un lugar para criar: un patio, un balcón o el jardín de una escuela con esas cuatro cosas se vuelve hábitat. La National Wildlife Federation te explica cómo, y hasta puedes certificar tu espacio.",
  },
  "Leave no trace outdoors": {
    title: "No dejes rastro en la naturaleza",
    body: "No te salgas de los senderos, llévate todo lo que traigas, mantén tu distancia de los animales y nunca les des de comer. Con pequeños hábitos, los lugares silvestres siguen siendo silvestres para quienes vienen después.",
  },
};
