export interface LocalitySeed {
  slug: string;
  name: string;
  pincode: string;
  lat: number;
  lng: number;
}

// Approximate centres of real Bengaluru localities with their main post-office pincode.
export const localities: LocalitySeed[] = [
  { slug: 'mg-road', name: 'MG Road', pincode: '560001', lat: 12.9756, lng: 77.6066 },
  { slug: 'indiranagar', name: 'Indiranagar', pincode: '560038', lat: 12.9784, lng: 77.6408 },
  { slug: 'koramangala', name: 'Koramangala', pincode: '560034', lat: 12.9352, lng: 77.6245 },
  { slug: 'hsr-layout', name: 'HSR Layout', pincode: '560102', lat: 12.9116, lng: 77.6474 },
  { slug: 'jayanagar', name: 'Jayanagar', pincode: '560041', lat: 12.9308, lng: 77.5838 },
  { slug: 'jp-nagar', name: 'JP Nagar', pincode: '560078', lat: 12.9063, lng: 77.5857 },
  { slug: 'whitefield', name: 'Whitefield', pincode: '560066', lat: 12.9698, lng: 77.75 },
  { slug: 'malleshwaram', name: 'Malleshwaram', pincode: '560003', lat: 13.0035, lng: 77.571 },
  { slug: 'basavanagudi', name: 'Basavanagudi', pincode: '560004', lat: 12.9422, lng: 77.5738 },
  { slug: 'rajajinagar', name: 'Rajajinagar', pincode: '560010', lat: 12.9916, lng: 77.5525 },
  { slug: 'hebbal', name: 'Hebbal', pincode: '560024', lat: 13.0358, lng: 77.597 },
  { slug: 'yelahanka', name: 'Yelahanka', pincode: '560064', lat: 13.1007, lng: 77.5963 },
  { slug: 'electronic-city', name: 'Electronic City', pincode: '560100', lat: 12.8452, lng: 77.6602 },
  { slug: 'marathahalli', name: 'Marathahalli', pincode: '560037', lat: 12.9569, lng: 77.7011 },
  { slug: 'bellandur', name: 'Bellandur', pincode: '560103', lat: 12.9304, lng: 77.6784 },
  { slug: 'btm-layout', name: 'BTM Layout', pincode: '560076', lat: 12.9166, lng: 77.6101 },
  { slug: 'banashankari', name: 'Banashankari', pincode: '560070', lat: 12.9255, lng: 77.5468 },
  { slug: 'sadashivanagar', name: 'Sadashivanagar', pincode: '560080', lat: 13.0068, lng: 77.5813 },
  { slug: 'frazer-town', name: 'Frazer Town', pincode: '560005', lat: 12.9988, lng: 77.6145 },
  { slug: 'ulsoor', name: 'Ulsoor', pincode: '560008', lat: 12.9817, lng: 77.6286 },
  { slug: 'rt-nagar', name: 'RT Nagar', pincode: '560032', lat: 13.0212, lng: 77.5946 },
  { slug: 'vijayanagar', name: 'Vijayanagar', pincode: '560040', lat: 12.9719, lng: 77.535 },
  { slug: 'sarjapur-road', name: 'Sarjapur Road', pincode: '560035', lat: 12.91, lng: 77.687 },
  { slug: 'bannerghatta-road', name: 'Bannerghatta Road', pincode: '560076', lat: 12.889, lng: 77.597 },
  { slug: 'kalyan-nagar', name: 'Kalyan Nagar', pincode: '560043', lat: 13.028, lng: 77.64 },
  { slug: 'hbr-layout', name: 'HBR Layout', pincode: '560043', lat: 13.0358, lng: 77.6323 },
  { slug: 'domlur', name: 'Domlur', pincode: '560071', lat: 12.961, lng: 77.6387 },
  { slug: 'richmond-town', name: 'Richmond Town', pincode: '560025', lat: 12.965, lng: 77.6 },
  { slug: 'yeshwanthpur', name: 'Yeshwanthpur', pincode: '560022', lat: 13.028, lng: 77.5409 },
  { slug: 'banaswadi', name: 'Banaswadi', pincode: '560043', lat: 13.0141, lng: 77.6518 },
  { slug: 'kr-puram', name: 'KR Puram', pincode: '560036', lat: 13.0075, lng: 77.6959 },
  { slug: 'hennur', name: 'Hennur', pincode: '560043', lat: 13.045, lng: 77.64 },
  { slug: 'kengeri', name: 'Kengeri', pincode: '560060', lat: 12.9081, lng: 77.4826 },
  { slug: 'basaveshwaranagar', name: 'Basaveshwaranagar', pincode: '560079', lat: 12.993, lng: 77.539 },
  { slug: 'sahakar-nagar', name: 'Sahakar Nagar', pincode: '560092', lat: 13.0626, lng: 77.5855 },
  { slug: 'rr-nagar', name: 'Rajarajeshwari Nagar', pincode: '560098', lat: 12.9274, lng: 77.5155 },
  { slug: 'bommanahalli', name: 'Bommanahalli', pincode: '560068', lat: 12.902, lng: 77.624 },
  { slug: 'vasanth-nagar', name: 'Vasanth Nagar', pincode: '560052', lat: 12.989, lng: 77.592 },
  { slug: 'thanisandra', name: 'Thanisandra', pincode: '560077', lat: 13.055, lng: 77.633 },
  { slug: 'brookefield', name: 'Brookefield', pincode: '560037', lat: 12.9665, lng: 77.717 },
  { slug: 'kumaraswamy-layout', name: 'Kumaraswamy Layout', pincode: '560111', lat: 12.906, lng: 77.562 },
  { slug: 'wilson-garden', name: 'Wilson Garden', pincode: '560027', lat: 12.949, lng: 77.597 },
  { slug: 'seshadripuram', name: 'Seshadripuram', pincode: '560020', lat: 12.993, lng: 77.575 },
  { slug: 'mahadevapura', name: 'Mahadevapura', pincode: '560048', lat: 12.9912, lng: 77.7051 },
];

export interface ApartmentSeed {
  slug: string;
  name: string;
  locality: string;
  lat: number;
  lng: number;
}

export const apartments: ApartmentSeed[] = [
  { slug: 'prestige-shantiniketan', name: 'Prestige Shantiniketan', locality: 'whitefield', lat: 12.9906, lng: 77.73 },
  { slug: 'brigade-metropolis', name: 'Brigade Metropolis', locality: 'mahadevapura', lat: 12.9935, lng: 77.7002 },
  { slug: 'sobha-dream-acres', name: 'Sobha Dream Acres', locality: 'marathahalli', lat: 12.9381, lng: 77.7122 },
  { slug: 'purva-riviera', name: 'Purva Riviera', locality: 'marathahalli', lat: 12.9533, lng: 77.7057 },
  { slug: 'prestige-lakeside-habitat', name: 'Prestige Lakeside Habitat', locality: 'whitefield', lat: 12.9413, lng: 77.7385 },
  { slug: 'brigade-gateway', name: 'Brigade Gateway', locality: 'rajajinagar', lat: 13.0125, lng: 77.5548 },
  { slug: 'mantri-greens', name: 'Mantri Greens', locality: 'malleshwaram', lat: 12.9935, lng: 77.5705 },
  { slug: 'salarpuria-sattva-greenage', name: 'Salarpuria Sattva Greenage', locality: 'bommanahalli', lat: 12.9085, lng: 77.6279 },
  { slug: 'adarsh-palm-retreat', name: 'Adarsh Palm Retreat', locality: 'bellandur', lat: 12.9265, lng: 77.6863 },
  { slug: 'prestige-ferns-residency', name: 'Prestige Ferns Residency', locality: 'hsr-layout', lat: 12.9045, lng: 77.6662 },
  { slug: 'sobha-forest-view', name: 'Sobha Forest View', locality: 'kengeri', lat: 12.8858, lng: 77.5082 },
  { slug: 'embassy-lake-terraces', name: 'Embassy Lake Terraces', locality: 'hebbal', lat: 13.0446, lng: 77.5922 },
  { slug: 'brigade-lakefront', name: 'Brigade Lakefront', locality: 'whitefield', lat: 12.9783, lng: 77.7254 },
  { slug: 'mantri-espana', name: 'Mantri Espana', locality: 'bellandur', lat: 12.9262, lng: 77.6704 },
  { slug: 'prestige-kew-gardens', name: 'Prestige Kew Gardens', locality: 'bellandur', lat: 12.9382, lng: 77.6742 },
  { slug: 'purva-highland', name: 'Purva Highland', locality: 'kumaraswamy-layout', lat: 12.8782, lng: 77.5449 },
  { slug: 'sobha-silicon-oasis', name: 'Sobha Silicon Oasis', locality: 'electronic-city', lat: 12.8707, lng: 77.6589 },
  { slug: 'prestige-sunrise-park', name: 'Prestige Sunrise Park', locality: 'electronic-city', lat: 12.8562, lng: 77.6745 },
  { slug: 'brigade-millennium', name: 'Brigade Millennium', locality: 'jp-nagar', lat: 12.8935, lng: 77.5852 },
  { slug: 'mantri-tranquil', name: 'Mantri Tranquil', locality: 'kumaraswamy-layout', lat: 12.8895, lng: 77.5538 },
  { slug: 'godrej-woodsman-estate', name: 'Godrej Woodsman Estate', locality: 'hebbal', lat: 13.0481, lng: 77.5894 },
  { slug: 'prestige-misty-waters', name: 'Prestige Misty Waters', locality: 'hebbal', lat: 13.0417, lng: 77.5998 },
  { slug: 'embassy-pristine', name: 'Embassy Pristine', locality: 'bellandur', lat: 12.9306, lng: 77.6617 },
  { slug: 'purva-fountain-square', name: 'Purva Fountain Square', locality: 'marathahalli', lat: 12.9614, lng: 77.7052 },
  { slug: 'brigade-omega', name: 'Brigade Omega', locality: 'banashankari', lat: 12.8953, lng: 77.5477 },
  { slug: 'sobha-royal-pavilion', name: 'Sobha Royal Pavilion', locality: 'sarjapur-road', lat: 12.9018, lng: 77.6961 },
  { slug: 'purva-venezia', name: 'Purva Venezia', locality: 'yelahanka', lat: 13.0886, lng: 77.5852 },
  { slug: 'prestige-kingfisher-towers', name: 'Prestige Kingfisher Towers', locality: 'richmond-town', lat: 12.9706, lng: 77.5968 },
  { slug: 'brigade-cosmopolis', name: 'Brigade Cosmopolis', locality: 'whitefield', lat: 12.9712, lng: 77.7389 },
  { slug: 'sobha-habitech', name: 'Sobha Habitech', locality: 'whitefield', lat: 12.9876, lng: 77.7428 },
  { slug: 'nitesh-hyde-park', name: 'Nitesh Hyde Park', locality: 'bannerghatta-road', lat: 12.8801, lng: 77.5985 },
  { slug: 'provident-sunworth', name: 'Provident Sunworth', locality: 'kengeri', lat: 12.9205, lng: 77.4721 },
  { slug: 'mahaveer-ranches', name: 'Mahaveer Ranches', locality: 'electronic-city', lat: 12.8712, lng: 77.6468 },
  { slug: 'ajmera-infinity', name: 'Ajmera Infinity', locality: 'electronic-city', lat: 12.8398, lng: 77.6689 },
  { slug: 'lt-raintree-boulevard', name: 'L&T Raintree Boulevard', locality: 'sahakar-nagar', lat: 13.0606, lng: 77.5942 },
  { slug: 'prestige-jindal-city', name: 'Prestige Jindal City', locality: 'yeshwanthpur', lat: 13.0452, lng: 77.5142 },
  { slug: 'brigade-gardenia', name: 'Brigade Gardenia', locality: 'jp-nagar', lat: 12.8912, lng: 77.5795 },
  { slug: 'sobha-chrysanthemum', name: 'Sobha Chrysanthemum', locality: 'thanisandra', lat: 13.0598, lng: 77.6291 },
  { slug: 'embassy-boulevard', name: 'Embassy Boulevard', locality: 'yelahanka', lat: 13.1158, lng: 77.6102 },
  { slug: 'purva-panorama', name: 'Purva Panorama', locality: 'bannerghatta-road', lat: 12.8724, lng: 77.5962 },
  { slug: 'mantri-flora', name: 'Mantri Flora', locality: 'hsr-layout', lat: 12.9132, lng: 77.6402 },
  { slug: 'salarpuria-magnificia', name: 'Salarpuria Magnificia', locality: 'kr-puram', lat: 13.0079, lng: 77.6851 },
  { slug: 'vaswani-exquisite', name: 'Vaswani Exquisite', locality: 'whitefield', lat: 12.9641, lng: 77.7532 },
  { slug: 'raheja-residency', name: 'Raheja Residency', locality: 'koramangala', lat: 12.9281, lng: 77.6312 },
  { slug: 'mantri-paradise', name: 'Mantri Paradise', locality: 'bannerghatta-road', lat: 12.8873, lng: 77.5985 },
  { slug: 'prestige-acropolis', name: 'Prestige Acropolis', locality: 'koramangala', lat: 12.9302, lng: 77.6176 },
  { slug: 'embassy-habitat', name: 'Embassy Habitat', locality: 'vasanth-nagar', lat: 12.9888, lng: 77.5866 },
  { slug: 'sobha-indraprastha', name: 'Sobha Indraprastha', locality: 'rajajinagar', lat: 12.9962, lng: 77.5514 },
];
