import type { TipTopic } from "#contract/tips/schemas";

export type SeedTip = { title: string; body: string; url: string; topic: TipTopic };

/**
 * The starting list of sustainable-living tips, in rotation order. Each is written by us, kept
 * short (the weekly email quotes it whole) and links to the reputable source its facts come from.
 */
export const SEED_TIPS: SeedTip[] = [
  {
    title: "Hunt down household leaks",
    body: "The average home's leaks waste nearly 10,000 gallons of water a year. Check for a dripping faucet, a running toilet or a leaky showerhead, and fix them: often a new washer or flapper is all it takes.",
    url: "https://www.epa.gov/watersense/fix-leak-week",
    topic: "water",
  },
  {
    title: "Turn off the tap while you brush",
    body: "Leaving the faucet running while brushing your teeth can send gallons down the drain every day. Wet your brush, turn the tap off, and turn it back on only to rinse.",
    url: "https://www.epa.gov/watersense",
    topic: "water",
  },
  {
    title: "Swap in a WaterSense showerhead",
    body: "Showerheads with the WaterSense label use no more than 2.0 gallons per minute and still have to pass a performance test, so you save water and the energy that heats it without a weak shower.",
    url: "https://www.epa.gov/watersense/showerheads",
    topic: "water",
  },
  {
    title: "Water the garden early, and only when it needs it",
    body: "As much as half of the water used outdoors is lost to wind, evaporation and runoff from inefficient watering. Water in the early morning, aim at the roots, and skip a day after rain.",
    url: "https://www.epa.gov/watersense/outdoors",
    topic: "water",
  },
  {
    title: "Catch the rain",
    body: "A rain barrel under a downspout collects roof runoff for watering plants, and it keeps that water from rushing over pavement and carrying pollutants into streams.",
    url: "https://www.epa.gov/soakuptherain",
    topic: "water",
  },
  {
    title: "Set the thermostat back at night",
    body: "Turning your thermostat back 7–10°F for 8 hours a day, while you sleep or are away, can save up to 10% a year on heating and cooling. A programmable or smart thermostat does it for you.",
    url: "https://www.energy.gov/energysaver/thermostats",
    topic: "energy",
  },
  {
    title: "Switch to LED bulbs",
    body: "ENERGY STAR LED bulbs use at least 75% less energy than incandescent bulbs and last up to 25 times longer. Start with the lights you leave on the most.",
    url: "https://www.energy.gov/energysaver/led-lighting",
    topic: "energy",
  },
  {
    title: "Turn the water heater down to 120°F",
    body: "Many water heaters come set to 140°F. Lowering yours to 120°F saves energy, slows mineral buildup and corrosion in the tank, and reduces the risk of scalding.",
    url: "https://www.energy.gov/energysaver/lower-water-heating-temperature-energy-savings",
    topic: "energy",
  },
  {
    title: "Wash clothes in cold water",
    body: "Most of the energy a washing machine uses goes to heating the water. Today's detergents clean well in cold water, so switching the dial saves energy with every load.",
    url: "https://www.energystar.gov/products/clothes_washers",
    topic: "energy",
  },
  {
    title: "Seal the drafts",
    body: "Air leaking around windows, doors and pipes makes your heating and cooling work harder. Caulk and weatherstripping are cheap, simple fixes that pay for themselves in comfort and lower bills.",
    url: "https://www.energy.gov/energysaver/air-sealing-your-home",
    topic: "energy",
  },
  {
    title: "Let window coverings do the work",
    body: "Close blinds and curtains on sunny windows in summer to keep heat out, and open south-facing ones on winter days to let the sun warm your home. Close them at night to hold the heat in.",
    url: "https://www.energy.gov/energysaver/energy-efficient-window-coverings",
    topic: "energy",
  },
  {
    title: "Use a fan before the air conditioner",
    body: "A ceiling fan lets you raise the thermostat setting about 4°F with no loss of comfort. Fans cool people, not rooms, so switch them off when you leave.",
    url: "https://www.energy.gov/energysaver/fans-cooling",
    topic: "energy",
  },
  {
    title: "Stop paying for standby power",
    body: "Many electronics draw power even when they are switched off. Plug the TV, game console and chargers into a power strip and switch it off when they are not in use.",
    url: "https://www.energy.gov/energysaver/reducing-electricity-use-and-costs",
    topic: "energy",
  },
  {
    title: "Run the dishwasher instead of the sink",
    body: "A full ENERGY STAR dishwasher uses far less water than washing the same dishes by hand. Scrape plates instead of pre-rinsing, and run it only when it is full.",
    url: "https://www.energystar.gov/products/dishwashers",
    topic: "energy",
  },
  {
    title: "Start a compost pile",
    body: "Food scraps and yard waste make up more than a quarter of what we throw away. Composting them at home turns that into rich soil for your garden and keeps it out of landfills, where it makes methane.",
    url: "https://www.epa.gov/recycle/composting-home",
    topic: "waste",
  },
  {
    title: "Plan meals to waste less food",
    body: "Make a shopping list from the meals you plan, check what you already have, and eat older food first. Wasted food wastes all the water, energy and land that went into growing it.",
    url: "https://www.epa.gov/sustainable-management-food/preventing-wasted-food-home",
    topic: "food",
  },
  {
    title: "Read date labels the right way",
    body: "Except for infant formula, 'best if used by' dates are about quality, not safety. Food stored properly is often fine past that date, so look, smell and use it before you toss it.",
    url: "https://www.fsis.usda.gov/food-safety/safe-food-handling-and-preparation/food-safety-basics/food-product-dating",
    topic: "food",
  },
  {
    title: "Keep the fridge at 40°F or below",
    body: "A refrigerator at or below 40°F and a freezer at 0°F keep food safe longer, so less of it spoils. An inexpensive appliance thermometer tells you where yours really is.",
    url: "https://www.fda.gov/consumers/consumer-updates/are-you-storing-food-safely",
    topic: "food",
  },
  {
    title: "Learn how long food keeps",
    body: "The USDA's FoodKeeper app tells you how long hundreds of foods stay fresh in the pantry, fridge and freezer, so you can use things up in time instead of guessing.",
    url: "https://www.foodsafety.gov/keep-food-safe/foodkeeper-app",
    topic: "food",
  },
  {
    title: "Recycle right, not hopefully",
    body: "Empty and rinse containers, keep plastic bags out of curbside bins (many stores take them back), and check your local program's list: one wrong item can spoil a whole batch of recycling.",
    url: "https://www.epa.gov/recycle/how-do-i-recycle-common-recyclables",
    topic: "waste",
  },
  {
    title: "Give old electronics a second life",
    body: "Donate working phones and computers, and take broken ones to a certified electronics recycler. Their metals can be recovered, and they keep hazardous materials out of the trash.",
    url: "https://www.epa.gov/recycle/electronics-donation-and-recycling",
    topic: "waste",
  },
  {
    title: "Never put batteries in the trash",
    body: "Lithium-ion and button batteries can start fires in garbage trucks and recycling facilities. Tape the terminals and take them to a battery drop-off or household hazardous waste collection.",
    url: "https://www.epa.gov/recycle/used-household-batteries",
    topic: "waste",
  },
  {
    title: "Dispose of household chemicals safely",
    body: "Leftover paint, solvents, pesticides and cleaners should never go down the drain or in the trash. Use them up, share them, or take them to a household hazardous waste collection.",
    url: "https://www.epa.gov/hw/household-hazardous-waste-hhw",
    topic: "waste",
  },
  {
    title: "Choose Safer Choice cleaners",
    body: "Products with EPA's Safer Choice label have had every ingredient reviewed for safety to people and the environment. Look for it on cleaners, detergents and more.",
    url: "https://www.epa.gov/saferchoice",
    topic: "shopping",
  },
  {
    title: "Buy secondhand and mend what you have",
    body: "Americans throw away millions of tons of textiles every year, and most end up in landfills. Repairing, swapping and buying used clothes keeps them in use far longer.",
    url: "https://www.epa.gov/facts-and-figures-about-materials-waste-and-recycling/textiles-material-specific-data",
    topic: "shopping",
  },
  {
    title: "Carry reusables",
    body: "A reusable bag, bottle and coffee cup prevent waste before it starts. Reducing and reusing saves more resources than recycling, because nothing has to be made again.",
    url: "https://www.epa.gov/recycle/reducing-and-reusing-basic-materials",
    topic: "shopping",
  },
  {
    title: "Drive gently",
    body: "Speeding, rapid acceleration and hard braking can lower gas mileage by 15–30% at highway speeds. Smooth driving saves fuel, money and emissions.",
    url: "https://www.fueleconomy.gov/feg/driveHabits.jsp",
    topic: "transport",
  },
  {
    title: "Keep your tires inflated",
    body: "Tires inflated to the pressure on your driver's-side door sticker improve gas mileage and last longer. Check them monthly, when they are cold.",
    url: "https://www.fueleconomy.gov/feg/maintain.jsp",
    topic: "transport",
  },
  {
    title: "Don't idle",
    body: "An idling car gets zero miles per gallon. If you'll be stopped for more than about 10 seconds, except in traffic, turning the engine off saves fuel and cuts pollution.",
    url: "https://afdc.energy.gov/conserve/idle_reduction_basics.html",
    topic: "transport",
  },
  {
    title: "Leave one car trip behind each week",
    body: "A typical passenger car emits about 4.6 metric tons of carbon dioxide a year. Walking, biking, transit or combining errands into one trip all chip away at that.",
    url: "https://www.epa.gov/greenvehicles/greenhouse-gas-emissions-typical-passenger-vehicle",
    topic: "transport",
  },
  {
    title: "Plant natives for birds",
    body: "Native plants feed the insects that nesting birds raise their chicks on, and offer seeds and berries through the year. Audubon's database shows the best ones for your ZIP code.",
    url: "https://www.audubon.org/native-plants",
    topic: "garden",
  },
  {
    title: "Leave the leaves",
    body: "Fallen leaves shelter overwintering butterflies, moths, bees and other insects. Let them lie in garden beds and under trees instead of bagging them; they also feed the soil.",
    url: "https://xerces.org/leave-the-leaves",
    topic: "garden",
  },
  {
    title: "Grow milkweed for monarchs",
    body: "Monarch caterpillars eat only milkweed. Planting a milkweed species native to your region, away from pesticides, gives monarchs a place to lay their eggs.",
    url: "https://xerces.org/milkweed-faq",
    topic: "wildlife",
  },
  {
    title: "Skip the pesticides",
    body: "Pesticides kill the bees, butterflies and beetles gardens depend on. Tolerate a few chewed leaves, hand-pick pests, and let birds and beneficial insects do the rest.",
    url: "https://xerces.org/bringbackthepollinators",
    topic: "garden",
  },
  {
    title: "Make your windows safer for birds",
    body: "Up to a billion birds die hitting glass in the U.S. each year. Screens, or dot and line patterns on the outside of the glass spaced no more than 2 inches apart, help birds see windows.",
    url: "https://abcbirds.org/glass-collisions/",
    topic: "wildlife",
  },
  {
    title: "Keep cats indoors",
    body: "Outdoor cats kill well over a billion birds a year in the U.S. Keeping cats indoors, or in a catio, protects birds and keeps cats safe from cars, disease and predators.",
    url: "https://abcbirds.org/program/cats-indoors/",
    topic: "wildlife",
  },
  {
    title: "Turn off lights for migrating birds",
    body: "Most songbirds migrate at night, and bright lights draw them off course into buildings. During spring and fall migration, turn off unneeded lights and draw the blinds at night.",
    url: "https://www.audubon.org/news/lights-out-across-country",
    topic: "wildlife",
  },
  {
    title: "Garden for wildlife",
    body: "Food, water, cover and places to raise young: a yard, balcony or schoolyard with all four becomes habitat. The National Wildlife Federation shows how, and you can certify your space.",
    url: "https://www.nwf.org/Garden-for-Wildlife",
    topic: "garden",
  },
  {
    title: "Leave no trace outdoors",
    body: "Stay on trails, pack out everything you bring, keep your distance from wildlife and never feed it. Small habits keep wild places wild for everyone who comes after you.",
    url: "https://lnt.org/why/7-principles/",
    topic: "wildlife",
  },
];
