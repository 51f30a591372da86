import type { ListingMode } from '../schema';

export type CategoryGroup = 'music' | 'dance' | 'arts' | 'mind' | 'fitness' | 'tech' | 'language' | 'academics';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  icon: string;
  group: CategoryGroup;
  /** Price of one class in rupees; packs are priced from this. */
  perClassRupees: [number, number];
  ages: [number, number];
  modes: ListingMode[];
  titles: string[];
  programs: string[];
  credentials: string[];
}

export const categories: CategorySeed[] = [
  {
    slug: 'carnatic-vocal', name: 'Carnatic Vocal', icon: 'music-vocal', group: 'music',
    description: 'Sarali varisai to kritis, taught the traditional way with shruti and tala.',
    perClassRupees: [300, 650], ages: [5, 70], modes: ['at_home', 'at_centre', 'online', 'apartment'],
    titles: ['Carnatic vocal classes', 'Carnatic music for beginners', 'Learn Carnatic vocal'],
    programs: ['Sarali and Janta Varisai', 'Geethams and Swarajathis', 'Varnams and Kritis', 'Junior exam preparation'],
    credentials: ['a disciple of a senior AIR-graded vocalist', 'a B-high grade artist with All India Radio', 'holds a Vidwat certificate from the Karnataka Secondary Education Examination Board'],
  },
  {
    slug: 'hindustani-vocal', name: 'Hindustani Vocal', icon: 'music-vocal', group: 'music',
    description: 'Alankars, ragas and bhajans in the Hindustani tradition.',
    perClassRupees: [350, 700], ages: [6, 70], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Hindustani vocal classes', 'Hindustani classical music', 'Bhajans and light classical'],
    programs: ['Alankars and basic ragas', 'Sangeet Visharad preparation', 'Bhajans and light music'],
    credentials: ['trained in the Kirana gharana', 'completed Sangeet Visharad from Gandharva Mahavidyalaya', 'trained under a Dharwad-based guru'],
  },
  {
    slug: 'keyboard', name: 'Keyboard & Piano', icon: 'music-keyboard', group: 'music',
    description: 'Western keyboard and piano, from first notes to Trinity grade exams.',
    perClassRupees: [350, 800], ages: [5, 60], modes: ['at_home', 'at_centre', 'apartment', 'online'],
    titles: ['Keyboard classes for kids', 'Piano lessons', 'Trinity keyboard exam coaching'],
    programs: ['Keyboard basics', 'Trinity Initial to Grade 2', 'Trinity Grade 3 to 5', 'Play your favourite songs'],
    credentials: ['holds a Trinity College London Grade 8 in piano', 'has an ABRSM diploma', 'performed with a Bengaluru church choir for a decade'],
  },
  {
    slug: 'guitar', name: 'Guitar', icon: 'music-guitar', group: 'music',
    description: 'Acoustic and electric guitar: chords, strumming, fingerstyle and Rockschool grades.',
    perClassRupees: [350, 750], ages: [8, 60], modes: ['at_home', 'at_centre', 'apartment', 'online'],
    titles: ['Guitar classes', 'Acoustic guitar for beginners', 'Rockschool guitar grades'],
    programs: ['Guitar basics', 'Strumming and songs', 'Rockschool Debut to Grade 3', 'Fingerstyle'],
    credentials: ['holds Rockschool Grade 8 in guitar', 'plays lead guitar in a Bengaluru indie band', 'trained at a music school on Church Street'],
  },
  {
    slug: 'violin', name: 'Violin', icon: 'music-violin', group: 'music',
    description: 'Carnatic and Western violin, with careful attention to posture and bowing.',
    perClassRupees: [400, 800], ages: [6, 60], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Violin classes', 'Carnatic violin', 'Western violin lessons'],
    programs: ['Violin basics', 'Carnatic violin varisais', 'Trinity violin grades'],
    credentials: ['accompanies senior vocalists at sabha concerts', 'holds a Trinity Grade 7 in violin', 'learnt from a well-known violinist of the Mysore style'],
  },
  {
    slug: 'tabla', name: 'Tabla', icon: 'music-drum', group: 'music',
    description: 'Tabla bols, thekas and layakari for children and adults.',
    perClassRupees: [300, 600], ages: [6, 60], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Tabla classes', 'Learn tabla', 'Tabla for kids'],
    programs: ['Basic bols and teentaal', 'Kaidas and relas', 'Prarambhik exam preparation'],
    credentials: ['trained in the Farukhabad gharana', 'completed Tabla Visharad', 'accompanies Hindustani vocalists across the city'],
  },
  {
    slug: 'veena', name: 'Veena', icon: 'music-veena', group: 'music',
    description: 'Saraswati veena in the Carnatic tradition, instruments available at the centre.',
    perClassRupees: [400, 750], ages: [8, 70], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Veena classes', 'Learn Saraswati veena'],
    programs: ['Veena basics', 'Geethams on veena', 'Varnams on veena'],
    credentials: ['comes from a family of Mysore veena players', 'holds a Vidwat in veena', 'is a graded artist with Doordarshan Chandana'],
  },
  {
    slug: 'bharatanatyam', name: 'Bharatanatyam', icon: 'dance-classical', group: 'dance',
    description: 'Adavus, abhinaya and margam items, with arangetram guidance for senior students.',
    perClassRupees: [300, 650], ages: [4, 40], modes: ['at_centre', 'apartment', 'at_home'],
    titles: ['Bharatanatyam classes', 'Bharatanatyam for kids', 'Classical dance classes'],
    programs: ['Adavus for beginners', 'Junior grade preparation', 'Margam and arangetram'],
    credentials: ['performed at the Bengaluru Habba and Hampi Utsav', 'holds an MA in Bharatanatyam from Jain University', 'trained at a renowned Basavanagudi dance school'],
  },
  {
    slug: 'kathak', name: 'Kathak', icon: 'dance-classical', group: 'dance',
    description: 'Tatkaar, chakkars and expressive storytelling in the Lucknow and Jaipur styles.',
    perClassRupees: [350, 650], ages: [5, 45], modes: ['at_centre', 'apartment', 'at_home'],
    titles: ['Kathak classes', 'Learn Kathak'],
    programs: ['Kathak basics', 'Tatkaar and chakkars', 'Prarambhik to Madhyama'],
    credentials: ['trained in the Jaipur gharana', 'performs at Ranga Shankara and Chowdiah Hall', 'holds a Nritya Visharad'],
  },
  {
    slug: 'western-dance', name: 'Western Dance', icon: 'dance-western', group: 'dance',
    description: 'Hip hop, contemporary and Bollywood fitness choreography.',
    perClassRupees: [250, 550], ages: [5, 45], modes: ['at_centre', 'apartment'],
    titles: ['Hip hop classes', 'Bollywood dance', 'Contemporary dance'],
    programs: ['Hip hop foundations', 'Bollywood freestyle', 'Contemporary for teens'],
    credentials: ['choreographed for college fests across Bengaluru', 'trained at a Mumbai dance academy', 'was a finalist on a televised dance show'],
  },
  {
    slug: 'art-drawing', name: 'Art & Drawing', icon: 'art-palette', group: 'arts',
    description: 'Sketching, watercolours, acrylics and craft, at the pace of each child.',
    perClassRupees: [300, 600], ages: [4, 60], modes: ['at_centre', 'apartment', 'at_home', 'online'],
    titles: ['Art and drawing classes', 'Sketching and painting', 'Art for little ones'],
    programs: ['Drawing basics', 'Watercolour and acrylics', 'Elementary and Intermediate grade exam'],
    credentials: ['is a graduate of Chitrakala Parishath', 'exhibits at Venkatappa Art Gallery', 'holds a BFA from Ken School of Art'],
  },
  {
    slug: 'chess', name: 'Chess', icon: 'chess', group: 'mind',
    description: 'Openings, tactics and endgames, with FIDE-rated tournament preparation.',
    perClassRupees: [300, 700], ages: [5, 60], modes: ['at_centre', 'apartment', 'online'],
    titles: ['Chess coaching', 'Chess for kids', 'Tournament chess training'],
    programs: ['Chess foundations', 'Tactics and combinations', 'Tournament preparation'],
    credentials: ['is a FIDE-rated player (1900+)', 'is an AICF-certified arbiter', 'coached state under-11 medallists'],
  },
  {
    slug: 'abacus', name: 'Abacus & Vedic Maths', icon: 'abacus', group: 'mind',
    description: 'Mental arithmetic with abacus levels and Vedic maths shortcuts.',
    perClassRupees: [250, 500], ages: [5, 14], modes: ['at_centre', 'apartment', 'online'],
    titles: ['Abacus classes', 'Vedic maths', 'Mental maths with abacus'],
    programs: ['Abacus level 1 and 2', 'Abacus level 3 to 6', 'Vedic maths for middle school'],
    credentials: ['is a certified abacus trainer', 'has trained over 500 children in mental maths', 'runs abacus clubs in three schools'],
  },
  {
    slug: 'yoga', name: 'Yoga', icon: 'yoga', group: 'fitness',
    description: 'Hatha and Iyengar yoga for children, adults and seniors.',
    perClassRupees: [250, 600], ages: [6, 80], modes: ['at_home', 'at_centre', 'apartment', 'online'],
    titles: ['Yoga classes', 'Morning yoga', 'Yoga for kids'],
    programs: ['Hatha yoga basics', 'Yoga for back pain', 'Kids yoga and breathing'],
    credentials: ['is certified by S-VYASA', 'trained in Mysuru in the Ashtanga tradition', 'is a Yoga Certification Board level 2 instructor'],
  },
  {
    slug: 'swimming', name: 'Swimming', icon: 'swimming', group: 'fitness',
    description: 'Learn-to-swim and stroke correction in apartment and club pools.',
    perClassRupees: [350, 700], ages: [5, 60], modes: ['apartment', 'at_centre'],
    titles: ['Swimming lessons', 'Learn to swim', 'Swimming coaching for kids'],
    programs: ['Learn to swim', 'Stroke correction', 'Competitive swimming'],
    credentials: ['is a certified lifeguard', 'swam at the state level', 'coaches at a Bengaluru aquatic centre'],
  },
  {
    slug: 'coding', name: 'Coding for Kids', icon: 'code', group: 'tech',
    description: 'Scratch, Python and web basics through small projects.',
    perClassRupees: [450, 900], ages: [7, 17], modes: ['online', 'at_centre', 'apartment'],
    titles: ['Coding classes for kids', 'Python for teens', 'Scratch programming'],
    programs: ['Scratch and block coding', 'Python foundations', 'Build your first website'],
    credentials: ['is a software engineer at a Bengaluru product company', 'has a B.E. in computer science from RVCE', 'mentors at school hackathons'],
  },
  {
    slug: 'robotics', name: 'Robotics', icon: 'robot', group: 'tech',
    description: 'Hands-on robotics with Arduino and LEGO kits.',
    perClassRupees: [500, 900], ages: [8, 16], modes: ['at_centre', 'apartment'],
    titles: ['Robotics classes', 'Arduino for kids', 'LEGO robotics'],
    programs: ['LEGO robotics basics', 'Arduino projects', 'Robotics competition team'],
    credentials: ['is an electronics engineer from BMSCE', 'coached teams for the World Robot Olympiad', 'runs a tinkering lab'],
  },
  {
    slug: 'spoken-english', name: 'Spoken English', icon: 'language', group: 'language',
    description: 'Conversation, pronunciation and confidence for children and adults.',
    perClassRupees: [300, 600], ages: [8, 60], modes: ['online', 'at_home', 'at_centre'],
    titles: ['Spoken English classes', 'English conversation practice', 'Phonics and reading'],
    programs: ['Phonics and reading', 'Conversation practice', 'Interview English'],
    credentials: ['holds a CELTA', 'taught English at a CBSE school for 10 years', 'has an MA in English literature from Bangalore University'],
  },
  {
    slug: 'kannada', name: 'Kannada', icon: 'language', group: 'language',
    description: 'Speak, read and write Kannada, for school students and newcomers to the city.',
    perClassRupees: [250, 500], ages: [6, 70], modes: ['online', 'at_home', 'apartment'],
    titles: ['Kannada classes', 'Spoken Kannada for newcomers', 'Kannada for school'],
    programs: ['Spoken Kannada basics', 'Kannada reading and writing', 'Kannada for ICSE and CBSE'],
    credentials: ['is a Kannada teacher at a state-board school', 'has an MA in Kannada from Mysore University', 'volunteers with a Kannada-learning group'],
  },
  {
    slug: 'hindi', name: 'Hindi', icon: 'language', group: 'language',
    description: 'Hindi reading, writing and grammar for school students.',
    perClassRupees: [250, 500], ages: [6, 16], modes: ['online', 'at_home'],
    titles: ['Hindi tuition', 'Hindi for school students'],
    programs: ['Hindi grammar', 'Hindi reading and writing', 'Board exam Hindi'],
    credentials: ['cleared the Rashtrabhasha Praveen exam', 'taught Hindi at a Kendriya Vidyalaya', 'holds a B.Ed.'],
  },
  {
    slug: 'french', name: 'French', icon: 'language', group: 'language',
    description: 'French for school and DELF exams, with Alliance-style conversation practice.',
    perClassRupees: [450, 900], ages: [9, 60], modes: ['online', 'at_home', 'at_centre'],
    titles: ['French classes', 'DELF A1 and A2 preparation', 'French for school'],
    programs: ['French A1', 'French A2', 'School French (ICSE/CBSE)'],
    credentials: ['holds a DALF C1', 'studied at the Alliance Francaise de Bangalore', 'lived in Lyon for three years'],
  },
  {
    slug: 'maths-tuition', name: 'Maths Tuition', icon: 'maths', group: 'academics',
    description: 'CBSE, ICSE and state-board maths, from foundations to board exams.',
    perClassRupees: [350, 750], ages: [8, 17], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Maths tuition', 'Maths for classes 6 to 10', 'Board exam maths'],
    programs: ['Maths for classes 4 to 6', 'Maths for classes 7 to 8', 'Class 10 board preparation'],
    credentials: ['has an M.Sc. in mathematics', 'taught at a reputed CBSE school in Jayanagar', 'is an IIT alumnus'],
  },
  {
    slug: 'science-tuition', name: 'Science Tuition', icon: 'science', group: 'academics',
    description: 'Physics, chemistry and biology with experiments and board practice.',
    perClassRupees: [350, 750], ages: [10, 17], modes: ['at_home', 'at_centre', 'online'],
    titles: ['Science tuition', 'Physics and chemistry classes', 'Science for class 8 to 10'],
    programs: ['Science for classes 6 to 8', 'Physics for class 9 and 10', 'Chemistry for class 9 and 10'],
    credentials: ['has an M.Sc. in physics', 'was a researcher at the Indian Institute of Science', 'holds a B.Ed. and 12 years of CBSE teaching'],
  },
  {
    slug: 'public-speaking', name: 'Public Speaking', icon: 'microphone', group: 'language',
    description: 'Debates, elocution and stage confidence for children and young adults.',
    perClassRupees: [400, 800], ages: [8, 25], modes: ['online', 'at_centre', 'apartment'],
    titles: ['Public speaking for kids', 'Debate and elocution', 'Stage confidence workshop'],
    programs: ['Speak with confidence', 'Debate club', 'Elocution and storytelling'],
    credentials: ['is a Toastmasters Distinguished Toastmaster', 'coached MUN teams', 'worked as a radio jockey'],
  },
];

export const firstNames = [
  'Lakshmi', 'Anjali', 'Priya', 'Kavya', 'Meera', 'Deepa', 'Shruti', 'Aishwarya', 'Nandini', 'Sowmya',
  'Pooja', 'Ramya', 'Divya', 'Sneha', 'Bhavana', 'Harini', 'Vidya', 'Sahana', 'Rekha', 'Anusha',
  'Radhika', 'Shalini', 'Gayathri', 'Madhuri', 'Neha', 'Tanvi', 'Ritu', 'Farah', 'Sana', 'Grace',
  'Arjun', 'Rahul', 'Karthik', 'Vikram', 'Suresh', 'Manjunath', 'Naveen', 'Prakash', 'Sanjay', 'Rohan',
  'Aditya', 'Srinivas', 'Girish', 'Harsha', 'Kiran', 'Varun', 'Anand', 'Mohan', 'Raghav', 'Vivek',
  'Imran', 'Joseph', 'Abhishek', 'Siddharth', 'Pradeep', 'Ravi', 'Shankar', 'Nikhil', 'Ashwin', 'Tejas',
];

export const lastNames = [
  'Rao', 'Iyer', 'Hegde', 'Shetty', 'Gowda', 'Kulkarni', 'Bhat', 'Nair', 'Menon', 'Reddy',
  'Sharma', 'Deshpande', 'Joshi', 'Murthy', 'Prasad', 'Krishnan', 'Subramanian', 'Naidu', 'Kamath', 'Pai',
  'Acharya', 'Patil', 'Srinivasan', 'Venkatesh', 'Mehta', 'Gupta', 'Das', 'Fernandes', "D'Souza", 'Khan',
  'Chandrashekar', 'Ramesh', 'Narayan', 'Shastry', 'Urs', 'Kumar', 'Pillai', 'Banerjee', 'Mishra', 'Thomas',
];

export const learnerNames = [
  'Ananya', 'Aarav', 'Ishaan', 'Diya', 'Vihaan', 'Saanvi', 'Advik', 'Myra', 'Reyansh', 'Kiara',
  'Arnav', 'Aadhya', 'Dhruv', 'Navya', 'Krish', 'Ira', 'Shaurya', 'Tara', 'Atharv', 'Avni',
  'Nikita', 'Yash', 'Riya', 'Samarth', 'Prisha', 'Vedant', 'Anika', 'Rudra', 'Meghana', 'Pranav',
];

export const languagePool = ['English', 'Kannada', 'Hindi', 'Tamil', 'Telugu', 'Malayalam', 'Marathi', 'Konkani'];

export const venues = [
  'Chowdiah Memorial Hall', 'Ranga Shankara', 'Bangalore International Centre', 'Seva Sadan, Malleshwaram',
  'Jagriti Theatre, Whitefield', 'the apartment clubhouse', 'Gayana Samaja, Basavanagudi', 'Alliance Francaise',
];

export const festivals = [
  'Ugadi', 'Sankranti', 'Ganesh Chaturthi', 'Varamahalakshmi', 'Dasara', 'Deepavali', 'Kannada Rajyotsava', 'Christmas',
];

/** Review texts by star rating; {student}, {teacher} and {subject} are filled in. */
export const reviewComments: Record<number, string[]> = {
  5: [
    '{student} looks forward to every class. {teacher} is patient and explains each step clearly.',
    'We tried three teachers before {teacher}. Within two months {student} was practising {subject} without being asked.',
    'Wonderful teacher. {teacher} sends a short note after classes so we know what to practise at home.',
    'Punctual, kind and very thorough. {student} cleared the first grade exam with distinction.',
    'The small batch makes a real difference; {teacher} knows exactly where each child needs help.',
  ],
  4: [
    '{student} enjoys the {subject} classes a lot. Timings changed twice last month, otherwise no complaints.',
    'Good fundamentals and a friendly approach. We would like a little more homework.',
    '{teacher} is very encouraging. The batch is slightly large, but every child still gets attention.',
    'Steady progress over six months. {student} now practises on their own.',
  ],
  3: [
    'Decent classes. {student} likes {teacher}, but progress has been slower than we hoped.',
    'The teaching is fine; scheduling make-up classes has been hard.',
    'Okay for beginners. We are still deciding whether to continue after this pack.',
  ],
  2: [
    'Several classes were rescheduled at short notice, which was hard for {student}.',
    'The {subject} content is good but the batch felt rushed.',
  ],
  1: ['It did not work out for us; the timings kept changing and {student} lost interest.'],
};
