import type { ActionLink } from "../schema/content.ts";

export type SeedAction = {
  slug: string;
  title: string;
  /** 160–220 characters: the admin form enforces the same range. */
  summary: string;
  whyItMatters: string;
  steps: string[];
  timeRequired: string;
  materials: string[];
  links: ActionLink[];
  status: "published" | "draft";
  /**
   * Which Sunday–Saturday week the action runs, relative to the week containing the seed day
   * (0 = this week, -1 = last week). Relative, so a fresh database always has a current action,
   * an archive and upcoming weeks whatever day it is seeded.
   */
  weekOffset: number;
};

export const DEFAULT_CTA_LABEL = "Do This Week's Action";

export const actionImageUrl = (slug: string) => `/images/actions/${slug}.svg`;

export const SEED_ACTIONS: SeedAction[] = [
  {
    slug: "remove-invasive-plants",
    title: "Pull One Invasive Plant from Your Neighborhood",
    summary:
      "Learn to recognize one invasive plant that is common where you live, then remove it from your yard or a local park with permission, making room for the native plants that wildlife depend on.",
    whyItMatters:
      "Invasive plants such as English ivy, Himalayan blackberry, garlic mustard and buckthorn spread quickly, crowd out native species and offer far less food to insects and birds. Some smother trees or change how soil holds water. Catching them early is the cheapest and most effective way to stop them, and every patch you clear gives native seedlings a chance to return.",
    steps: [
      "Look up your state's invasive species list and pick one plant that grows near you.",
      "Learn to identify it confidently, including look-alike native plants you should leave alone.",
      "Remove it by hand or with a trowel, pulling slowly to get as much of the root as possible.",
      "Bag seed heads and berries and put them in the trash, not the compost, so they cannot spread.",
      "Replant or mulch the bare soil so the invasive plant does not simply grow back.",
    ],
    timeRequired: "45-60 minutes",
    materials: [
      "Gardening gloves",
      "A trowel or weeding fork",
      "A sturdy trash bag",
      "Mulch or native seedlings (optional)",
    ],
    links: [
      { label: "National Invasive Species Information Center (USDA)", url: "https://www.invasivespeciesinfo.gov/" },
      { label: "PlayCleanGo: stop invasive species in your tracks", url: "https://playcleango.org/" },
    ],
    status: "published",
    weekOffset: -9,
  },
  {
    slug: "make-windows-bird-safe",
    title: "Make Your Windows Safer for Birds",
    summary:
      "Up to a billion birds die each year after hitting glass in the U.S. and Canada. This week, treat the one or two windows in your home that birds hit most, using simple markers, tape or screens.",
    whyItMatters:
      "Birds see reflections of sky and trees in glass as open habitat and fly straight into it. Nearly half of all collisions happen at homes and low buildings, not skyscrapers, so the windows we live behind really matter. Breaking up the reflection with a pattern of markers spaced about two inches apart tells birds the glass is solid, and it works year-round, including during spring and fall migration.",
    steps: [
      "Walk around your home and find the windows that reflect trees or sky, or that sit near a feeder.",
      "Check for signs of past strikes, such as smudges or feathers on the glass.",
      "Apply dots, tape strips or a paint-pen pattern to the outside of the glass, spaced no more than 2 inches apart.",
      "Alternatively, fit an insect screen or hang vertical cords on the outside of the window.",
      "Move feeders to within 3 feet of a window or more than 30 feet away, so birds cannot build up speed.",
    ],
    timeRequired: "30-60 minutes",
    materials: [
      "Bird-safe window tape or a white paint pen",
      "A ruler or measuring tape",
      "Glass cleaner and a cloth",
      "A step stool",
    ],
    links: [
      {
        label: "Cornell Lab of Ornithology: Seven Simple Actions to Help Birds",
        url: "https://www.birds.cornell.edu/home/seven-simple-actions-to-help-birds/",
      },
      { label: "American Bird Conservancy: glass collisions", url: "https://abcbirds.org/threats/glass-collisions/" },
    ],
    status: "published",
    weekOffset: -8,
  },
  {
    slug: "pick-up-litter-near-water",
    title: "Do a 20-Minute Litter Pickup Near Water",
    summary:
      "Most ocean trash starts on land and travels down storm drains, creeks and rivers. Spend 20 minutes collecting litter along a nearby stream, lakeshore, beach or storm drain, and log what you find.",
    whyItMatters:
      "Plastic bags, bottle caps, cigarette butts and food wrappers wash from streets into waterways every time it rains. Wildlife can become entangled in debris or mistake it for food, and plastics break into tiny pieces that are almost impossible to clean up later. Picking up litter before it reaches the water is one of the most direct ways to help, and recording what you collect gives scientists data they use to push for solutions at the source.",
    steps: [
      "Choose a safe spot near water: a creek trail, a lakeshore, a beach or the storm drains on your street.",
      "Put on gloves and bring two bags, one for trash and one for recyclables.",
      "Set a 20-minute timer and collect as much litter as you can, leaving natural debris such as wood and seaweed.",
      "Use a data card or a cleanup app to record what you found; cigarette butts and food wrappers count too.",
      "Dispose of everything properly and wash your hands afterwards.",
    ],
    timeRequired: "20-30 minutes",
    materials: ["Reusable gloves", "Two bags or buckets", "A trash grabber (optional)", "Your phone or a notepad"],
    links: [
      { label: "NOAA Marine Debris Program", url: "https://marinedebris.noaa.gov/" },
      {
        label: "Ocean Conservancy: International Coastal Cleanup",
        url: "https://oceanconservancy.org/trash-free-seas/international-coastal-cleanup/",
      },
      { label: "EPA Trash Free Waters", url: "https://www.epa.gov/trash-free-waters" },
    ],
    status: "published",
    weekOffset: -7,
  },
  {
    slug: "leave-the-leaves",
    title: "Leave the Leaves for Wildlife",
    summary:
      "Fallen leaves are food and shelter, not trash. This week, rake leaves off paths and thick lawn patches into your garden beds and under shrubs instead of bagging them, and skip the leaf blower.",
    whyItMatters:
      "Many butterflies, moths, fireflies, native bees and beetles spend the cold months in leaf litter as eggs, caterpillars or pupae. When leaves are bagged and hauled away, those insects go with them, along with the food that birds need to raise their young in spring. A layer of leaves also insulates plant roots, holds moisture and breaks down into free, rich mulch that feeds your soil.",
    steps: [
      "Decide which areas need to stay clear, such as paths, driveways and small patches of lawn.",
      "Rake or sweep leaves from those areas into garden beds, under trees and around shrubs.",
      "Leave a thin layer on the lawn or mow over it to chop the leaves into mulch that feeds the grass.",
      "Leave hollow plant stems and seed heads standing for nesting bees and hungry birds.",
      "Wait until daytime temperatures stay above 50°F in spring before tidying up again.",
    ],
    timeRequired: "30-60 minutes",
    materials: ["A rake", "Gardening gloves", "A wheelbarrow or tarp (optional)"],
    links: [
      { label: "Xerces Society: Leave the Leaves", url: "https://xerces.org/blog/leave-the-leaves" },
      { label: "National Wildlife Federation: Garden for Wildlife", url: "https://www.nwf.org/Garden-for-Wildlife" },
    ],
    status: "published",
    weekOffset: -6,
  },
  {
    slug: "cut-food-waste",
    title: "Plan a Week of Meals with Zero Food Waste",
    summary:
      "About a third of the food in the U.S. goes uneaten. This week, plan your meals, shop from a list and use up what is already in your fridge, so less food and the resources behind it end up in landfill.",
    whyItMatters:
      "Wasted food also wastes the land, water, energy and fertilizer that went into growing, shipping and storing it. Food is the single largest category of material in U.S. landfills, where it rots and releases methane, a potent greenhouse gas. The average family of four spends around $1,500 a year on food it never eats, so cutting waste is good for your budget as well as the planet.",
    steps: [
      "Check your fridge, freezer and pantry and list what needs to be eaten soon.",
      "Plan this week's meals around those ingredients, then write a shopping list for only what is missing.",
      "Store produce so it lasts: leafy greens in the crisper drawer, and apples and bananas away from other fruit.",
      "Put older food at the front of the fridge and label leftovers with the date.",
      "Turn leftovers into new meals, such as soups, stir-fries or frittatas, and freeze what you cannot eat in time.",
    ],
    timeRequired: "30 minutes to plan, then a few minutes a day",
    materials: [
      "Paper or a notes app for your meal plan",
      "Reusable containers",
      "Masking tape and a marker for labels",
    ],
    links: [
      { label: "EPA: Preventing Wasted Food at Home", url: "https://www.epa.gov/recycle/preventing-wasted-food-home" },
      { label: "Save The Food: storage tips and recipes", url: "https://savethefood.com/" },
    ],
    status: "published",
    weekOffset: -5,
  },
  {
    slug: "dim-outdoor-lights",
    title: "Dim Your Outdoor Lights for Night Wildlife",
    summary:
      "Artificial light at night confuses migrating birds, disrupts insects and hides the stars. This week, turn off, shield or put on timers any outdoor lights you don't need, and switch to warm-colored bulbs.",
    whyItMatters:
      "Most songbirds migrate at night and navigate partly by the stars; bright lights pull them off course and into buildings. Moths and other night-flying insects circle lights until they are exhausted, and fewer insects means less food for bats and birds. Sea turtle hatchlings, frogs and fireflies are affected too. Responsible lighting (only where and when it is needed, pointed down and warm in color) also saves energy and money.",
    steps: [
      "After dark, walk around your home and note every outdoor light and where its light actually falls.",
      "Turn off any light that is purely decorative or lights an empty yard.",
      "Add timers or motion sensors to the lights you need for safety.",
      "Fit shields or choose fixtures that point light downward, not out or up into the sky.",
      "Replace bright white or blue bulbs with warm ones rated 3000 K or lower, and close curtains at night during migration season.",
    ],
    timeRequired: "30-45 minutes",
    materials: [
      "A flashlight for your walk-around",
      "Warm-colored LED bulbs (3000 K or lower)",
      "Plug-in timers or motion sensors (optional)",
    ],
    links: [
      { label: "DarkSky International", url: "https://darksky.org/" },
      { label: "Audubon: Lights Out", url: "https://www.audubon.org/lights-out-program" },
    ],
    status: "published",
    weekOffset: -4,
  },
  {
    slug: "fix-household-leaks",
    title: "Find and Fix Household Water Leaks",
    summary:
      "A leaky toilet or dripping faucet can waste thousands of gallons a year. This week, run a 15-minute leak check of your home, fix the easy ones yourself, and leave more water for rivers and wildlife.",
    whyItMatters:
      "Household leaks waste nearly 1 trillion gallons of water a year across the U.S., and about one home in ten has leaks that waste 90 gallons or more every day. Every gallon that comes out of a tap has to be pumped, treated and heated, which uses energy, and in dry regions it is drawn from the same rivers and aquifers that fish and wildlife rely on. Most fixes are quick and inexpensive, and they lower your water bill.",
    steps: [
      "Read your water meter, avoid using any water for two hours, and read it again; if it changed, you have a leak.",
      "Add a few drops of food coloring to each toilet tank and wait 15 minutes without flushing; color in the bowl means a leaky flapper.",
      "Check faucets, showerheads and outdoor spigots for drips, and tighten connections.",
      "Replace worn toilet flappers and faucet washers, or wrap showerhead threads with plumber's tape.",
      "Call a plumber for anything you can't fix, and note any leaks you find on your next water bill.",
    ],
    timeRequired: "30-45 minutes",
    materials: ["Food coloring", "Plumber's tape", "An adjustable wrench", "A replacement toilet flapper, if needed"],
    links: [
      { label: "EPA WaterSense: Fix a Leak Week", url: "https://www.epa.gov/watersense/fix-leak-week" },
      { label: "EPA WaterSense", url: "https://www.epa.gov/watersense" },
    ],
    status: "published",
    weekOffset: -3,
  },
  {
    slug: "go-pesticide-free",
    title: "Make Your Yard a Pesticide-Free Zone",
    summary:
      "Garden pesticides don't just kill pests; they harm bees, butterflies and the birds that eat insects. This week, clear out unneeded sprays and learn gentler ways to manage the pests you do have.",
    whyItMatters:
      "Insecticides such as neonicotinoids are absorbed into a plant's leaves, pollen and nectar, so they can poison the pollinators that visit for weeks or months. Herbicides remove the wildflowers that bees and butterflies feed on, and runoff carries these chemicals into streams. A healthy garden with a variety of plants attracts the natural predators (ladybugs, lacewings, wasps and birds) that keep most pests in check for free.",
    steps: [
      "Gather the pesticides, herbicides and weed-and-feed products in your garage or shed and read their labels.",
      "Take any you no longer want to a household hazardous waste drop-off; never pour them down a drain.",
      "Identify the pest that is actually bothering you before treating anything; many insects are harmless or helpful.",
      "Try non-chemical controls first: hand-picking, a strong spray of water, row covers or pulling weeds after rain.",
      "Ask your nursery whether plants were treated with neonicotinoids before you buy.",
    ],
    timeRequired: "30-45 minutes",
    materials: ["Gardening gloves", "A box for products to drop off", "A hose with a spray nozzle"],
    links: [
      { label: "Xerces Society: pesticides and pollinators", url: "https://xerces.org/pesticides" },
      {
        label: "EPA: Citizen's Guide to Pest Control and Pesticide Safety",
        url: "https://www.epa.gov/safepestcontrol",
      },
    ],
    status: "published",
    weekOffset: -2,
  },
  {
    slug: "swap-single-use-plastics",
    title: "Swap Out Three Single-Use Plastics",
    summary:
      "Bags, bottles, cups and takeout containers are among the most common items found in river and beach cleanups. This week, pick three single-use plastics you use often and replace them with reusables.",
    whyItMatters:
      "Only a small fraction of plastic is ever recycled, and plastic doesn't biodegrade; it breaks into microplastics that are now found in rivers, oceans, soil and even the food we eat. Sea turtles, seabirds and marine mammals are harmed when they swallow or get tangled in plastic. Cutting the disposable items you use most is one of the simplest ways to reduce the demand for new plastic.",
    steps: [
      "For one day, notice every single-use plastic item you use or throw away.",
      "Choose the three you use most often, such as water bottles, coffee cups, produce bags or takeout cutlery.",
      "Find a reusable alternative for each, starting with things you already own.",
      "Keep your reusables where you will need them: by the door, in your bag or in the car.",
      "Tell one friend about your swaps, or ask a favorite café or restaurant about reusable options.",
    ],
    timeRequired: "20-30 minutes",
    materials: [
      "A reusable water bottle",
      "A reusable coffee cup",
      "Cloth shopping and produce bags",
      "A set of reusable cutlery",
    ],
    links: [
      { label: "EPA Trash Free Waters", url: "https://www.epa.gov/trash-free-waters" },
      { label: "NOAA Marine Debris Program", url: "https://marinedebris.noaa.gov/" },
    ],
    status: "published",
    weekOffset: -1,
  },
  {
    slug: "plant-native-wildflowers",
    title: "Plant Native Wildflowers for Local Pollinators",
    summary:
      "Native bees and butterflies need the plants they evolved with. This week, sow a patch of native wildflower seeds in a sunny corner of your yard, a planter or a balcony pot, and give pollinators a place to feed.",
    whyItMatters:
      "Many native bees and butterflies are declining as lawns, pavement and ornamental plants replace the wildflowers they depend on. Native plants offer the right nectar, pollen and leaves for local insects; monarch caterpillars, for example, can only eat milkweed. Even a small patch helps, and many native wildflower seeds sprout best after a winter outdoors, so fall and early spring are good times to sow them.",
    steps: [
      "Find your region's native wildflowers with a native plant finder, and buy seeds from a local or regional supplier.",
      "Choose a sunny spot that gets at least six hours of sun, or use a large pot or planter.",
      "Clear grass and weeds, then loosen the top inch of soil with a rake or trowel.",
      "Mix the seeds with a little sand, scatter them evenly and press them into the soil without burying them deeply.",
      "Water gently and keep the soil lightly moist until the seedlings are established.",
      "Skip pesticides, and leave some bare ground nearby for ground-nesting bees.",
    ],
    timeRequired: "30-45 minutes",
    materials: [
      "Native wildflower seeds",
      "A small area of soil or a large planter",
      "Basic gardening tools",
      "A watering can",
    ],
    links: [
      { label: "Xerces Society: pollinator conservation", url: "https://xerces.org/pollinator-conservation" },
      { label: "National Wildlife Federation: Native Plant Finder", url: "https://www.nwf.org/NativePlantFinder" },
      { label: "Audubon: Native Plants Database", url: "https://www.audubon.org/native-plants" },
    ],
    status: "published",
    weekOffset: 0,
  },
  {
    slug: "record-wildlife-sightings",
    title: "Become a Citizen Scientist for Local Wildlife",
    summary:
      "Scientists can't be everywhere, but you can. This week, photograph and share five wild plants, insects or birds near your home with iNaturalist or eBird, and add real data to conservation research.",
    whyItMatters:
      "Observations from volunteers help researchers track where species live, how populations change and how wildlife responds to a warming climate. Records shared on iNaturalist and eBird are used in published studies and by land managers to decide where to protect habitat, and they have even led to the rediscovery of species thought to be lost. It's also a wonderful way to slow down and get to know your neighbors with feathers, petals and wings.",
    steps: [
      "Install the free iNaturalist or eBird app, or create an account on their website.",
      "Take a slow walk around your block, a park or your own yard.",
      "Photograph five different wild organisms: plants, insects, birds, fungi or anything else living wild.",
      "Upload your observations with their location; the app will suggest an identification.",
      "Check back later in the week to see whether community members have confirmed or refined your identifications.",
    ],
    timeRequired: "30-60 minutes",
    materials: ["A smartphone or camera", "Comfortable walking shoes", "Binoculars (optional)"],
    links: [
      { label: "iNaturalist", url: "https://www.inaturalist.org/" },
      { label: "eBird from the Cornell Lab of Ornithology", url: "https://ebird.org/" },
    ],
    status: "published",
    weekOffset: 1,
  },
  {
    slug: "seal-drafts-save-energy",
    title: "Seal Drafts and Cut Your Home's Energy Use",
    summary:
      "Heating and cooling are the biggest energy users in most homes. This week, find the drafts around your doors and windows and seal them with weatherstripping or caulk to cut both emissions and bills.",
    whyItMatters:
      "Air leaks around doors, windows, outlets and attic hatches can account for a large share of the energy used to heat and cool a home, and much of that energy still comes from burning fossil fuels. Sealing leaks is one of the cheapest efficiency upgrades there is, and it makes your home more comfortable straight away. Less energy demand means less pollution from power plants and furnaces.",
    steps: [
      "On a windy day, hold a lit incense stick or a strip of tissue near door frames, windows and outlets and watch for movement.",
      "Mark each draft you find with a small piece of tape.",
      "Apply self-adhesive weatherstripping around doors and operable windows.",
      "Seal gaps around fixed window frames and baseboards with caulk, and fit foam gaskets behind outlet covers on outside walls.",
      "Add a door sweep to exterior doors, and lower your thermostat by a degree or two to lock in the savings.",
    ],
    timeRequired: "45-60 minutes",
    materials: [
      "Weatherstripping tape",
      "A tube of caulk and a caulk gun",
      "A door sweep",
      "An incense stick or tissue",
    ],
    links: [
      { label: "U.S. Department of Energy: Energy Saver", url: "https://www.energy.gov/energysaver/energy-saver" },
      { label: "ENERGY STAR", url: "https://www.energystar.gov/" },
    ],
    status: "published",
    weekOffset: 2,
  },
  {
    slug: "capture-rainwater",
    title: "Capture Rainwater and Reduce Runoff",
    summary:
      "Rain that runs off roofs and driveways carries oil, fertilizer and trash into local streams. This week, redirect a downspout into a garden bed, a rain barrel or a rain garden so water soaks into the ground.",
    whyItMatters:
      "In towns and cities, hard surfaces stop rain from soaking in. Stormwater rushes into drains and then straight into creeks, rivers and bays, carrying pollutants with it, eroding stream banks and sometimes overwhelming sewer systems. Slowing that water down at home filters it through soil, recharges groundwater and gives you free water for your garden during dry spells.",
    steps: [
      "During or after rain, watch where water flows from your roof, driveway and patio.",
      "Pick one downspout that drains onto pavement or straight into the street.",
      "Extend it or add a splash block so it empties onto a lawn or garden bed at least 10 feet from your foundation.",
      "For a bigger impact, install a rain barrel with a screened lid, or plan a small rain garden with native plants.",
      "Use the collected water on your garden, not for drinking, and keep drains and gutters clear of leaves.",
    ],
    timeRequired: "30-60 minutes",
    materials: ["A downspout extension or splash block", "A rain barrel with a screened lid (optional)", "Work gloves"],
    links: [
      { label: "EPA: Soak Up the Rain", url: "https://www.epa.gov/soakuptherain" },
      { label: "EPA WaterSense: outdoor water use", url: "https://www.epa.gov/watersense/outdoors" },
    ],
    status: "published",
    weekOffset: 3,
  },
  {
    slug: "start-composting",
    title: "Start Composting Your Kitchen Scraps",
    summary:
      "Food scraps and yard trim make up a large share of household trash. This week, set up a simple compost bin or sign up for curbside collection, and turn peels and coffee grounds into rich soil.",
    whyItMatters:
      "Food scraps in a landfill break down without oxygen and release methane, a greenhouse gas far more potent than carbon dioxide in the short term. Composting lets the same scraps break down with oxygen into a dark, crumbly soil amendment that helps gardens hold water and reduces the need for chemical fertilizers. Many cities now collect food scraps at the curb, and a backyard bin takes only a few minutes a week.",
    steps: [
      "Check whether your city offers curbside food-scrap collection or a community drop-off.",
      "If not, choose a backyard bin or a simple pile in a shady corner, or a worm bin for an apartment.",
      "Keep a small container with a lid in your kitchen for fruit and vegetable scraps, coffee grounds and eggshells.",
      "Layer wet scraps with dry browns such as leaves, shredded paper or cardboard.",
      "Turn or mix the pile every week or two, and keep it about as damp as a wrung-out sponge.",
    ],
    timeRequired: "45-60 minutes",
    materials: ["A compost bin or worm bin", "A small lidded kitchen container", "Dry leaves or shredded cardboard"],
    links: [
      { label: "EPA: Composting at Home", url: "https://www.epa.gov/recycle/composting-home" },
      { label: "EPA: Preventing Wasted Food at Home", url: "https://www.epa.gov/recycle/preventing-wasted-food-home" },
    ],
    status: "draft",
    weekOffset: 4,
  },
];
