/**
 * What well-known software products and services are: a gazetteer the `description` generator
 * reads for agent records. An MCP server or an A2A skill often says no more than the product it
 * wraps ("An MCP server for querying InfluxDB", "mcp-redis"); which skill that is (a NoSQL or a
 * time-series database, team messaging, monitoring) is knowledge no word of the record holds.
 * A record that names a product here gains one more description, "InfluxDB: a time-series
 * database (…)", with its own evidence field (`ioa-align:product`), so every candidate it moves
 * says so. Nothing of the record itself is changed or exported.
 *
 * The entries are the project's own one-line summaries of what each product is publicly
 * described as, written by category (databases, messaging, cloud, observability, …) to cover
 * the products agent records most often wrap — not the records of any benchmark. Each text
 * starts with its category as a noun phrase ("a relational database"), which the generator
 * reads as the genus of a genus–differentia definition (a broader concept), then says more in
 * parentheses.
 *
 * Matching (`productsNamed`): a product's name (or one of its other spellings) as a whole word
 * or word sequence, case-insensitive, in the record's names, identifiers, description and
 * keywords. Names that are also ordinary English words ("Notion", "Linear", "Discord"; every
 * one-word name WordNet knows but git, docker and mongo, whose other senses agent records never
 * mean — a test keeps the flags so) count in prose only when written with their capital letter;
 * in an identifier (`mcp-linear`) they count as written. Links in prose are not read: they say
 * where something is hosted.
 */
import type { Concept } from '../model/concept.js';

/** One product: its names (the first is how it is written) and what it is. */
export interface Product {
  names: readonly string[];
  /** What it is: a category noun phrase first, details in parentheses. */
  is: string;
  /**
   * A tool for an activity on any input (a web scraper, a speech recogniser, a code scanner), not
   * a platform holding its own objects (a database, a chat service): a record wrapping it does
   * that activity in general, so the activity its category names is the record's equivalent
   * rather than a broader class (corpora/README.md, labelling rule 4).
   */
  tool: boolean;
}

/**
 * `names` separated by `|`; a leading `~` marks a name that is also an ordinary English word;
 * `'tool'` marks a tool for an activity (Product.tool).
 */
type Row = readonly [names: string, is: string, kind?: 'tool'];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Relational and analytical databases
  ['PostgreSQL|Postgres', 'a relational database (open-source SQL database server)'],
  ['MySQL', 'a relational database (open-source SQL database server)'],
  ['MariaDB', 'a relational database (open-source SQL database server, a MySQL fork)'],
  ['SQLite', 'a relational database (embedded SQL database engine in a file)'],
  ['SQL Server|MSSQL', 'a relational database (Microsoft SQL database server)'],
  ['Oracle Database', 'a relational database (enterprise SQL database server)'],
  ['OceanBase', 'a relational database (distributed SQL database, MySQL compatible)'],
  ['TiDB', 'a relational database (distributed SQL database, MySQL compatible)'],
  ['CockroachDB', 'a relational database (distributed SQL database)'],
  ['AnalyticDB', 'a relational database (cloud analytical SQL data warehouse)'],
  ['Supabase', 'a relational database platform (hosted Postgres SQL database with authentication and storage)'],
  ['PlanetScale', 'a relational database (serverless MySQL platform)'],
  ['~Neon', 'a relational database (serverless Postgres platform)'],
  ['YugabyteDB', 'a relational database (distributed SQL database)'],
  ['SingleStore', 'a relational database (distributed SQL database for analytics)'],
  ['DuckDB', 'an analytical database (embedded SQL OLAP engine for data analysis)'],
  ['ClickHouse', 'an analytical database (columnar SQL OLAP database for real-time analytics)'],
  ['~Snowflake', 'a data warehouse (cloud SQL analytics platform)'],
  ['BigQuery', 'a data warehouse (Google cloud SQL analytics)'],
  ['~Redshift', 'a data warehouse (Amazon cloud SQL analytics)'],
  ['Databricks', 'a data lakehouse platform (data engineering, analytics and machine learning on Spark)'],
  ['Trino|~Presto', 'a distributed SQL query engine (data lake querying)'],
  ['Apache Doris|StarRocks', 'an analytical database (real-time SQL data warehouse)'],
  ['Greenplum|Teradata|Vertica', 'a data warehouse (analytical SQL database)'],
  // NoSQL, key-value, document, wide-column, time-series, graph, search
  ['Redis|Valkey', 'a NoSQL database (in-memory key-value data store and cache)'],
  ['Memcached', 'an in-memory cache (distributed key-value caching)'],
  ['MongoDB|Mongo|MongoDB Atlas', 'a NoSQL database (document database storing JSON documents)'],
  ['Couchbase', 'a NoSQL database (distributed document database)'],
  ['CouchDB', 'a NoSQL database (document database with JSON and HTTP)'],
  ['~Cassandra|ScyllaDB', 'a NoSQL database (distributed wide-column store)'],
  ['DynamoDB', 'a NoSQL database (Amazon managed key-value and document database)'],
  ['Firestore', 'a NoSQL database (Google cloud document database)'],
  ['~Firebase', 'an app development platform (NoSQL realtime database, authentication and hosting)'],
  ['Cosmos DB|CosmosDB', 'a NoSQL database (Azure multi-model database)'],
  ['HBase|Bigtable', 'a NoSQL database (wide-column store)'],
  ['RavenDB', 'a NoSQL database (document database)'],
  ['etcd|ZooKeeper', 'a distributed key-value store (configuration and coordination)'],
  ['InfluxDB', 'a time-series database (NoSQL store of metrics and events)'],
  ['TimescaleDB', 'a time-series database (on PostgreSQL)'],
  ['IoTDB|TDengine|QuestDB', 'a time-series database (IoT sensor data)'],
  ['Neo4j|Memgraph|ArangoDB|Dgraph|TigerGraph|JanusGraph', 'a graph database (nodes and relationships queried with graph queries)'],
  ['Amazon Neptune', 'a graph database (Amazon managed graph database)'],
  ['Elasticsearch|OpenSearch', 'a search engine (full-text search and log analytics)'],
  ['Solr|Meilisearch|Typesense', 'a search engine (full-text search)'],
  ['Algolia', 'a search service (hosted site search API)'],
  // Vector databases
  ['~Pinecone', 'a vector database (embeddings and vector search)'],
  ['Weaviate|Qdrant|~Milvus|Zilliz|LanceDB|pgvector', 'a vector database (embeddings and vector similarity search)'],
  ['ChromaDB|~Chroma', 'a vector database (embeddings store for retrieval)'],
  // Spreadsheets and no-code databases
  ['Airtable', 'a spreadsheet database (no-code tables, records and fields)'],
  ['Google Sheets', 'a spreadsheet (online spreadsheet editor)'],
  ['~Excel|Microsoft Excel', 'a spreadsheet (workbook editor)'],
  ['Smartsheet', 'a spreadsheet (work management in sheets)'],
  ['Bitable|Lark Base', 'a spreadsheet database (multi-dimensional tables in Lark)'],
  ['NocoDB|Baserow|SeaTable', 'a spreadsheet database (no-code tables on a database)'],
  // Notes, documents, knowledge bases
  ['~Notion', 'a note-taking and knowledge base workspace (pages, documents and databases)'],
  ['~Obsidian', 'a note-taking app (Markdown notes in a local vault, knowledge base)'],
  ['Evernote|OneNote|~Joplin|Logseq|Roam Research', 'a note-taking app (notes and notebooks)'],
  ['~Confluence', 'a knowledge base (team wiki and documentation pages)'],
  ['~Coda|~Quip', 'a document collaboration workspace (docs and tables)'],
  ['Google Docs', 'a document editor (online document collaboration)'],
  ['Google Drive|Dropbox|OneDrive|iCloud Drive', 'a file storage service (cloud file sync and sharing)'],
  ['SharePoint', 'a document management platform (intranet and file sharing)'],
  ['Pandoc', 'a document converter (between Markdown, HTML, PDF, Word and other formats)', 'tool'],
  ['~LaTeX|~Overleaf', 'a document preparation system (typesetting scientific papers)'],
  // Messaging, email, meetings
  ['~Slack', 'a team messaging platform (channels and chat for workplace communication)'],
  ['~Discord', 'a team messaging platform (chat servers, channels and voice for communities)'],
  ['Microsoft Teams|MS Teams', 'a team messaging platform (workplace chat and meetings)'],
  ['Mattermost|Rocket.Chat|Zulip', 'a team messaging platform (open-source workplace chat)'],
  ['~Telegram|WhatsApp|WeChat|Signal Messenger', 'a messaging app (chat messages and bots)'],
  ['~Lark|Feishu|DingTalk', 'a workplace collaboration suite (team messaging, documents and calendars)'],
  ['Twilio', 'a communications API (SMS, voice calls and messaging)'],
  ['Gmail|~Outlook|Fastmail', 'an email service (mailbox, sending and reading email)'],
  ['SendGrid|Mailgun|~Postmark|~Resend', 'an email delivery service (transactional email API)'],
  ['Mailchimp|Brevo|Klaviyo', 'an email marketing platform (campaigns and newsletters)'],
  ['~Zoom|Google Meet|Webex', 'a video meeting platform (online meetings and calls)'],
  ['Google Calendar|Calendly|Cal.com', 'a calendar and scheduling service (events and meeting booking)'],
  // Customer support, sales, marketing
  ['Zendesk|Freshdesk|~Intercom|Help Scout', 'a customer support platform (tickets and help desk)'],
  ['Salesforce|HubSpot|Pipedrive|Zoho CRM|Attio', 'a CRM (customer relationship management for sales contacts and deals)'],
  ['Google Ads|Meta Ads', 'an advertising platform (paid ads campaigns)'],
  ['Google Analytics|Mixpanel|~Amplitude|PostHog|~Plausible', 'a product analytics service (web and product usage metrics)'],
  ['Canva', 'a graphic design platform (visual content and templates)'],
  ['~Figma', 'a design tool (user interface design and prototyping)'],
  // Project and issue tracking
  ['Jira', 'an issue tracker (project and task management for software teams)'],
  ['~Linear', 'an issue tracker (project and task management for software teams)'],
  ['~Asana|Trello|ClickUp|Monday.com|Basecamp|Wrike', 'a project management tool (tasks, boards and team projects)'],
  ['Todoist|TickTick|Things 3', 'a task management app (to-do lists)'],
  // Code hosting, CI/CD, developer tools
  ['GitHub', 'a code hosting platform (Git repositories, pull requests, issues and CI workflows)'],
  ['GitLab|Bitbucket|Gitea|Gerrit|Forgejo', 'a code hosting platform (Git repositories, merge requests and CI/CD pipelines)'],
  ['Git', 'a version control system (commits, branches and repositories)'],
  ['GitHub Actions|CircleCI|Travis CI|~Jenkins|Buildkite|Azure DevOps', 'a CI/CD service (build, test and deployment pipelines)'],
  ['npm|PyPI|Maven Central|crates.io|~Homebrew', 'a package registry (software dependencies and packages)'],
  ['ESLint|Prettier|~Ruff|SonarQube|SonarCloud', 'a static analysis tool (linting and code quality checks)'],
  ['~Jest|pytest|Vitest|~Mocha|JUnit', 'a testing framework (unit and integration tests)'],
  ['~Playwright|~Puppeteer|~Selenium|~Cypress', 'a browser automation tool (end-to-end testing and web automation)', 'tool'],
  ['Browserbase|Browserless', 'a browser automation service (headless browsers in the cloud)', 'tool'],
  ['~Postman|~Newman|~Insomnia', 'an API testing tool (running API requests and test collections)'],
  ['OpenAPI|~Swagger', 'an API specification format (describing REST API endpoints and schemas)'],
  ['GraphQL', 'an API query language (schemas and queries over an API)'],
  ['gRPC|JSON-RPC|OpenRPC', 'a remote procedure call protocol (API interface definitions)'],
  ['Visual Studio Code|VS Code|VSCode|JetBrains|IntelliJ|Xcode|Android Studio', 'a code editor (IDE for software development)'],
  ['Jupyter|JupyterLab', 'a notebook environment (interactive code, data analysis and visualization)'],
  ['E2B', 'a code execution sandbox (cloud sandboxes that run AI-generated code)'],
  ['Replit|CodeSandbox|StackBlitz', 'a cloud development environment (write and run code in the browser)'],
  ['Webpack|esbuild|~Rollup|~Vite|Turbopack', 'a build tool (bundling JavaScript applications)'],
  ['React Native|~Flutter|~Expo|~Ionic', 'a mobile app framework (cross-platform mobile development)'],
  ['~Unity|Unreal Engine|Godot', 'a game engine (game development)'],
  ['~Blender', 'a 3D creation suite (modelling, rendering and animation)'],
  ['~Storybook', 'a UI component workshop (frontend development and testing)'],
  // Cloud, infrastructure, deployment
  ['AWS|Amazon Web Services', 'a cloud platform (compute, storage, databases and managed services)'],
  ['~Azure|Microsoft Azure', 'a cloud platform (compute, storage and managed services)'],
  ['Google Cloud|GCP|Google Cloud Platform', 'a cloud platform (compute, storage and managed services)'],
  ['Alibaba Cloud|Aliyun|Tencent Cloud|Huawei Cloud|Oracle Cloud|IBM Cloud', 'a cloud platform (compute, storage and managed services)'],
  ['Heroku|~Render|Fly.io|~Railway', 'a cloud application platform (PaaS for deploying and hosting apps)'],
  ['Vercel|Netlify', 'a cloud deployment platform (hosting frontends and serverless functions)'],
  ['Cloudflare', 'an edge network platform (CDN, DNS, security and serverless Workers)'],
  ['DigitalOcean|Linode|Hetzner|Vultr', 'a cloud hosting provider (virtual servers and infrastructure)'],
  ['AWS Lambda|~Cloud Functions|Cloudflare Workers', 'a serverless functions platform (running functions without servers)'],
  ['Amazon S3|S3|MinIO|~Cloud Storage', 'an object storage service (buckets of files in the cloud)'],
  ['EC2', 'a cloud compute service (virtual machines on AWS)'],
  ['AWS Cost Explorer|Cost Explorer', 'a cloud cost management tool (cloud spending and cost optimization)'],
  ['Kubernetes|k8s|kubectl|OpenShift|~Rancher', 'a container orchestration platform (deploying and managing containers in clusters)'],
  ['Docker|Podman|containerd', 'a container platform (building and running container images)'],
  ['~Helm', 'a Kubernetes package manager (charts for deploying applications)'],
  ['Terraform|OpenTofu|Pulumi|CloudFormation', 'an infrastructure as code tool (provisioning cloud infrastructure)'],
  ['Ansible|Chef Infra|~Puppet|SaltStack', 'a configuration management tool (automating server configuration)'],
  ['Argo CD|ArgoCD|Flux CD', 'a GitOps tool (continuous delivery to Kubernetes from Git)'],
  ['Nginx|Apache HTTP Server|~Caddy|Traefik', 'a web server (HTTP server and reverse proxy)'],
  ['Istio|Linkerd|~Envoy', 'a service mesh (traffic between microservices)'],
  ['~Consul|~Vault|HashiCorp Vault', 'an infrastructure tool (service discovery, secrets and configuration)'],
  // Observability, monitoring, incidents
  ['~Prometheus', 'a monitoring system (metrics collection, time-series queries and alerting)'],
  ['Grafana', 'an observability platform (dashboards, metrics, logs and alerting)'],
  ['Datadog|New Relic|Dynatrace|AppDynamics', 'an observability platform (monitoring, metrics, logs and traces)'],
  ['~Sentry|Rollbar|Bugsnag', 'an error monitoring service (application errors and crash reports)'],
  ['Splunk|Kibana|Graylog|~Loki|Logstash|Papertrail', 'a log analysis platform (searching and analysing logs)'],
  ['~Jaeger|Zipkin|OpenTelemetry|~Honeycomb', 'a distributed tracing tool (traces and observability instrumentation)'],
  ['PagerDuty|Opsgenie|incident.io', 'an incident response platform (on-call alerting and incident management)'],
  ['Langfuse|LangSmith|Helicone|Arize|Arize Phoenix|~Weave', 'an LLM observability platform (tracing, monitoring and evaluating LLM applications)'],
  ['Weights & Biases|wandb|MLflow|Comet ML|Neptune.ai', 'an ML experiment tracking platform (runs, metrics and model versions)'],
  // Data pipelines and analytics
  ['Apache Kafka|~Kafka|Redpanda|~Pulsar', 'an event streaming platform (message streams and stream processing)'],
  ['RabbitMQ|ActiveMQ|NATS|Amazon SQS|SQS', 'a message broker (queues and messaging between services)'],
  ['~Airflow|Apache Airflow|Dagster|~Prefect|Luigi', 'a pipeline orchestration tool (scheduling data workflows)'],
  ['dbt', 'a data transformation tool (SQL models in the data warehouse)'],
  ['Apache Spark|PySpark|Flink|Apache Flink|Apache Beam', 'a data processing engine (distributed batch and stream processing)'],
  ['Fivetran|Airbyte|Stitch Data', 'a data ingestion tool (ELT connectors into a warehouse)'],
  ['~Tableau|Power BI|~Looker|Metabase|Superset|Apache Superset|Redash', 'a business intelligence tool (dashboards and data visualization)'],
  ['pandas|NumPy|Polars', 'a data analysis library (dataframes and numerical computing)'],
  ['Matplotlib|Plotly|Vega-Lite|D3.js|ECharts|Chart.js', 'a data visualization library (charts and plots)'],
  // Web search, scraping, fetching
  ['Firecrawl|Apify|Scrapy|ScrapingBee|Bright Data|Crawl4AI|Crawlee', 'a web scraping tool (crawling websites and extracting content)', 'tool'],
  ['Tavily|Exa|SerpAPI|Brave Search|Kagi|Bing Search|~Perplexity|DuckDuckGo|Google Search|SearXNG', 'a web search service (search engine results for queries)', 'tool'],
  ['Wikipedia|Wikidata', 'an encyclopedia (open knowledge base of articles and facts)'],
  ['Hacker News|Reddit', 'a social news forum (posts, links and discussions)'],
  ['~Twitter|LinkedIn|Instagram|Facebook|TikTok|Bluesky|~Mastodon|~Threads', 'a social media platform (posts, followers and feeds)'],
  ['YouTube|Vimeo', 'a video platform (hosting and watching videos)'],
  ['Spotify|SoundCloud|Apple Music', 'a music streaming service (songs and playlists)'],
  // Payments, finance, commerce, crypto
  ['~Stripe|PayPal|Adyen|Braintree|~Square|Razorpay|~Mollie', 'a payment processing platform (online payments, subscriptions and invoices)'],
  ['~Plaid', 'a financial data API (bank accounts and transactions)'],
  ['QuickBooks|Xero|FreshBooks|NetSuite', 'an accounting software (bookkeeping, invoicing and financial reports)'],
  ['Shopify|WooCommerce|Magento|BigCommerce', 'an e-commerce platform (online stores, products and orders)'],
  ['~Alpaca|Interactive Brokers|Robinhood|TradingView', 'a trading platform (stock market orders and market data)'],
  ['Yahoo Finance|Alpha Vantage|Polygon.io|Financial Modeling Prep|Bloomberg', 'a financial market data service (stock prices and financial data)'],
  ['Coinbase|Binance|~Kraken|OKX|Bybit', 'a cryptocurrency exchange (crypto trading and wallets)'],
  ['CoinMarketCap|CoinGecko|DefiLlama|Dune Analytics|Etherscan|Solscan|~Nansen', 'a crypto market and on-chain data service (cryptocurrency prices and blockchain analytics)'],
  ['Uniswap|~Jupiter|PancakeSwap|SushiSwap|Curve Finance|~Aave|Raydium|1inch', 'a DeFi protocol (decentralized exchange, token swaps and crypto trading)'],
  ['Ethereum|EVM|Solana|Bitcoin|~Polygon|Arbitrum|Base chain|BNB Chain|~Avalanche|Sui|Aptos|~TON', 'a blockchain network (Web3, tokens and smart contracts)'],
  ['ERC-20|ERC20|ERC-721|SPL token', 'a blockchain token standard (crypto tokens and NFTs)'],
  ['MetaMask|Phantom wallet|WalletConnect|~Ledger', 'a crypto wallet (keys, balances and transactions)'],
  ['~Solidity|Hardhat|~Foundry|OpenZeppelin|Anchor framework', 'a smart contract development tool (writing and deploying contracts)'],
  ['Chainlink', 'a blockchain oracle network (off-chain data for smart contracts)'],
  // Security
  ['Semgrep|CodeQL|~Bandit|Checkmarx', 'a static application security testing tool (scanning code for vulnerabilities)', 'tool'],
  ['Snyk|Dependabot|Trivy|Grype|OSV-Scanner', 'a dependency vulnerability scanner (supply-chain security of packages and containers)', 'tool'],
  ['OWASP ZAP|~ZAP|Burp Suite|Nikto', 'a web application security testing tool (scanning web apps for vulnerabilities)', 'tool'],
  ['Nmap|Masscan|Nessus|OpenVAS', 'a network vulnerability scanner (ports, hosts and services)', 'tool'],
  ['Metasploit|Kali Linux|Cobalt Strike', 'a penetration testing framework (exploits and offensive security)', 'tool'],
  ['Shodan|Censys|theHarvester|Maltego', 'a reconnaissance and OSINT tool (internet-exposed hosts and intelligence)', 'tool'],
  ['VirusTotal|YARA|Cuckoo Sandbox', 'a malware analysis service (scanning files and URLs for malware)', 'tool'],
  ['Ghidra|IDA Pro|Radare2|Binary Ninja', 'a reverse engineering tool (disassembling and decompiling binaries)', 'tool'],
  ['Wireshark|tcpdump', 'a network protocol analyzer (capturing and inspecting packets)', 'tool'],
  ['1Password|Bitwarden|LastPass|KeePass|~Doppler|Infisical', 'a secrets manager (passwords, API keys and credentials)'],
  ['Okta|Auth0|Keycloak|~Clerk|Entra ID|Azure AD|WorkOS', 'an identity and access management service (authentication, single sign-on and users)'],
  ['CrowdStrike|SentinelOne|Wazuh|Microsoft Sentinel|Elastic Security', 'a security operations platform (threat detection and endpoint security)'],
  // AI platforms, models, agent frameworks
  ['Hugging Face|HuggingFace', 'a machine learning model hub (models, datasets and inference)'],
  ['Ollama|vLLM|llama.cpp|LM Studio|LocalAI', 'a local LLM runtime (model serving and inference)'],
  ['~Replicate|~Modal|RunPod|Baseten|Fireworks AI', 'a model hosting platform (machine learning inference in the cloud)'],
  ['LangChain|LangGraph|LlamaIndex|~Haystack|Semantic Kernel|AutoGen|CrewAI|DSPy', 'an LLM application framework (agents, chains, retrieval-augmented generation and tools)'],
  ['Langflow|Flowise|Dify|~Rivet', 'an LLM workflow builder (visual flows for agents and RAG)'],
  ['n8n|Zapier|Make.com|IFTTT|Pipedream|Power Automate', 'a workflow automation platform (connecting apps with automated workflows)'],
  ['Siri Shortcuts|Apple Shortcuts', 'a workflow automation app (automations on Apple devices)'],
  ['Home Assistant|SmartThings', 'a home automation platform (smart home devices and automations)'],
  ['Stable Diffusion|Midjourney|DALL-E|DALL·E|FLUX.1|~Ideogram', 'an image generation model (text to image)', 'tool'],
  ['ElevenLabs|Azure Speech|Google Text-to-Speech|Amazon Polly|PlayHT', 'a text-to-speech service (speech synthesis and voice)', 'tool'],
  ['~Whisper|Deepgram|AssemblyAI|Speechmatics', 'a speech recognition service (transcribing audio to text)', 'tool'],
  ['DeepL|Google Translate|Microsoft Translator', 'a machine translation service (translating text between languages)', 'tool'],
  ['Runway ML|Pika Labs|Sora|HeyGen|Synthesia', 'a video generation service (AI-generated video)', 'tool'],
  // Content, sites, commerce, media, travel and everyday services
  ['WordPress|~Drupal|Joomla|~Ghost CMS|~Ghost|Contentful|Sanity CMS|~Sanity|Strapi|Storyblok|Payload CMS|Webflow|Wix|DevHub CMS', 'a content management system (websites, posts and pages)'],
  ['Prisma|Drizzle ORM|TypeORM|Sequelize|SQLAlchemy|~Hibernate', 'an ORM (object-relational mapping and database access in code)'],
  ['Hasura|Apollo GraphQL|PostGraphile', 'a GraphQL API platform (APIs over databases)'],
  ['Upstash|Momento', 'a serverless cache and data platform (Redis-compatible key-value store)'],
  ['Turso|libSQL|Cloudflare D1', 'a relational database (SQLite at the edge)'],
  ['~Convex|Appwrite|PocketBase', 'a backend platform (database, functions and authentication for apps)'],
  ['Atlassian', 'a software collaboration suite (Jira issue tracking and Confluence wiki)'],
  ['ServiceNow|Freshservice|Jira Service Management', 'an IT service management platform (tickets, incidents and workflows)'],
  ['Microsoft 365|Office 365|Google Workspace', 'an office productivity suite (email, documents, spreadsheets and calendars)'],
  ['~Miro|~Mural|XMind|MindMeister|Excalidraw|draw.io|Lucidchart|~Mermaid|~Whimsical', 'a diagramming and whiteboard tool (mind maps, flowcharts and diagrams)'],
  ['Neovim|~Vim|Emacs|Sublime Text', 'a text editor (editing code and text)'],
  ['iTerm2|iTerm|Warp terminal|tmux|Windows Terminal', 'a terminal emulator (command-line shell sessions)'],
  ['Ableton Live|~Reaper|Logic Pro|FL Studio|Pro Tools', 'a digital audio workstation (music production and audio editing)'],
  ['DaVinci Resolve|Premiere Pro|Final Cut Pro|CapCut', 'a video editor (editing video footage)'],
  ['Photoshop|~GIMP|Lightroom|Affinity Photo', 'an image editor (editing photos and images)'],
  ['~Pushover|ntfy|Gotify|OneSignal', 'a push notification service (sending notifications to devices)'],
  ['FRED|Federal Reserve Economic Data|World Bank Open Data', 'an economic data service (economic time series and indicators)'],
  ['SEC EDGAR|~EDGAR', 'a company filings database (financial reports filed with the SEC)'],
  ['Hyperliquid|dYdX|GMX', 'a DeFi exchange (perpetual futures and crypto trading)'],
  ['~Discourse|phpBB', 'a discussion forum (community threads and posts)'],
  ['~Nomad|HashiCorp Nomad', 'a workload orchestrator (scheduling containers and applications on clusters)'],
  ['Codacy|Code Climate|DeepSource', 'a code quality platform (static analysis and code review)'],
  ['Raygun|Honeybadger|~Airbrake', 'an error monitoring service (application errors and crash reports)'],
  ['~Axiom|Better Stack|Logfire|Logtail', 'a log analysis platform (searching and analysing logs)'],
  ['BrowserStack|Sauce Labs|LambdaTest', 'a cross-browser testing service (end-to-end and UI testing on real browsers)'],
  ['~Lighthouse|PageSpeed Insights|WebPageTest', 'a web performance auditing tool (page speed and accessibility audits)'],
  ['Lightdash|~Mode Analytics|Sigma Computing', 'a business intelligence tool (dashboards and data visualization)'],
  ['Raindrop.io|~Pocket|Instapaper|Readwise', 'a bookmarking and read-later service (saved articles and highlights)'],
  ['~Glean|Coveo', 'an enterprise search platform (searching company knowledge)'],
  ['Vertex AI|SageMaker|Amazon Bedrock|Azure Machine Learning', 'a cloud machine learning platform (model training, deployment and inference)'],
  ['Mem0|Zep memory|Letta|MemGPT', 'an agent memory layer (long-term memory for AI agents)'],
  ['Airbnb|Booking.com|Expedia|Skyscanner|~Kayak|TripAdvisor', 'a travel booking service (flights, hotels and accommodation)'],
  ['Uber|Lyft', 'a ride-hailing service (booking rides)'],
  ['OpenWeather|OpenWeatherMap|AccuWeather|Weather.gov', 'a weather data service (forecasts and current conditions)'],
  ['NewsAPI|Google News|CryptoPanic', 'a news aggregation service (latest news articles)'],
  ['IMDb|TMDB|The Movie Database|Letterboxd', 'a movie database (films, ratings and cast)'],
  ['Goodreads|Open Library', 'a book database (books, authors and reviews)'],
  ['~Steam|Riot Games|League of Legends|OpenDota|Dota 2|Chess.com|Lichess', 'a gaming platform (games, players and match data)'],
  ['~Amazon|eBay|Etsy|AliExpress|Walmart', 'an online marketplace (products, listings and orders)'],
  ['DocuSign|Dropbox Sign|HelloSign|PandaDoc|eSignatures.com', 'an electronic signature service (signing contracts and documents)'],
  ['Gyazo|ScreenshotOne|Snagit', 'a screenshot service (capturing and sharing screen images)'],
  ['OpenCV', 'a computer vision library (image processing and camera capture)'],
  // More developer, data and infrastructure services
  ['Sourcegraph|grep.app', 'a code search engine (searching code across repositories)'],
  ['Gitpod|GitHub Codespaces|Codespaces|DevPod', 'a cloud development environment (ready-to-code workspaces)'],
  ['Docker Hub|JFrog Artifactory|Artifactory|Nexus Repository|GitHub Packages', 'an artifact registry (container images and build packages)'],
  ['LaunchDarkly|Statsig|~Unleash|Flagsmith|GrowthBook|Optimizely', 'a feature flag and experimentation platform (feature toggles and A/B tests)'],
  ['~Retool|Appsmith|~Bubble|Budibase|ToolJet', 'a low-code app builder (internal tools and dashboards)'],
  ['Typeform|Google Forms|SurveyMonkey|Jotform|Tally Forms', 'a form and survey builder (questionnaires and responses)'],
  ['Eventbrite|~Meetup|Luma events', 'an event management platform (event listings and registrations)'],
  ['~Loom|Vidyard', 'a video messaging tool (screen recordings shared as links)'],
  ['Vonage|MessageBird|Plivo|Sinch', 'a communications API (SMS, voice calls and messaging)'],
  ['~Crisp|~Drift|LiveChat|tawk.to', 'a live chat platform (customer chat on websites)'],
  ['~Workday|BambooHR|~Gusto|~Rippling|Deel|Personio|HiBob', 'an HR platform (employees, payroll and HR records)'],
  ['~Greenhouse|Lever ATS|Ashby|~Workable|~Indeed|Glassdoor', 'a recruiting platform (job postings, candidates and hiring)'],
  ['~Ramp|Brex|Expensify|Bill.com|Navan', 'a spend management platform (expenses, corporate cards and bills)'],
  ['~Wise|Revolut|Mercury bank|Payoneer', 'a banking and money transfer service (accounts and international payments)'],
  ['Chargebee|~Paddle|Recurly|Lemon Squeezy|Zuora', 'a subscription billing platform (recurring payments and invoices)'],
  ['Finnhub|IEX Cloud|Nasdaq Data Link|Quandl|Morningstar|Tiingo|Twelve Data', 'a financial market data service (stock prices and financial data)'],
  ['Klarna|Afterpay|~Affirm', 'a buy-now-pay-later payment service (consumer payments in instalments)'],
  ['~Clio|~Ironclad|Harvey AI|LexisNexis|Westlaw', 'a legal software platform (legal research, matters and contracts)'],
  ['Cerner|Oracle Health|Athenahealth|eClinicalWorks', 'an electronic health record system (clinical patient records)'],
  ['Apple Health|HealthKit|Google Fit|Fitbit|~Oura|Withings|Garmin Connect|Strava|MyFitnessPal|~WHOOP', 'a health and fitness tracker (activity, sleep and health metrics)'],
  ['Canvas LMS|Moodle|Blackboard Learn|Google Classroom|Coursera|Udemy|edX|Khan Academy', 'a learning platform (courses, lessons and assignments)'],
  ['~Anki|Quizlet', 'a flashcard app (spaced-repetition study cards)'],
  ['Duolingo|Babbel', 'a language learning app (lessons for learning a language)'],
  ['Semrush|Ahrefs|~Moz|Google Search Console|Screaming Frog|Similarweb', 'an SEO platform (keyword research, backlinks and search rankings)'],
  ['Hootsuite|~Buffer|Sprout Social|Later.com|Typefully', 'a social media management tool (scheduling and publishing posts)'],
  ['Google Tag Manager|Segment CDP|RudderStack|~Braze|Iterable|Customer.io|OneSignal Journeys', 'a customer engagement platform (events, audiences and messaging campaigns)'],
  ['~Framer|Adobe XD|Penpot|InVision', 'a design tool (user interface design and prototyping)'],
  ['~Illustrator|Adobe Illustrator|InDesign|Adobe Express|Inkscape|Affinity Designer', 'a graphic design application (vector graphics and layouts)'],
  ['Unsplash|Pexels|Pixabay|Shutterstock|Getty Images|Giphy', 'a stock media library (photos, videos and GIFs)'],
  ['remove.bg|Clipdrop|Photoroom', 'a background removal service (cutting out image subjects)', 'tool'],
  ['Cloudinary|imgix|ImageKit|Uploadcare', 'a media management service (image and video storage, transformation and CDN)'],
  ['Suno|Udio|AIVA', 'a music generation service (AI-generated songs and audio)', 'tool'],
  ['Luma AI|Kling AI|Hailuo|Leonardo AI|fal.ai', 'a generative media service (AI images and video)', 'tool'],
  ['Jina AI|Voyage AI|Nomic Embed|Cohere Embed|Cohere Rerank', 'an embedding model API (text embeddings and reranking)'],
  ['Unstructured.io|LlamaParse|Docling|Marker PDF|Reducto', 'a document parsing service (extracting text and tables from PDFs and documents)', 'tool'],
  ['~Tesseract|Amazon Textract|Textract|Google Vision|Azure Document Intelligence|Mathpix|PaddleOCR', 'an optical character recognition service (text from images and scanned documents)', 'tool'],
  ['Kaggle|data.gov|Socrata|Our World in Data|Statista|US Census Bureau', 'an open data portal (public datasets and statistics)'],
  ['Akamai|Fastly|CloudFront|Bunny CDN', 'a content delivery network (caching and serving web content at the edge)'],
  ['Route 53|Namecheap|GoDaddy|Porkbun|Gandi', 'a domain and DNS service (domain names and DNS records)'],
  ["Let's Encrypt|Certbot", 'a certificate authority (TLS certificates for HTTPS)'],
  ['Tailscale|WireGuard|ZeroTier|OpenVPN|ngrok|Cloudflare Tunnel', 'a network connectivity tool (VPN, tunnels and private networking)'],
  ['Proxmox|VMware|vSphere|VirtualBox|Hyper-V|QEMU', 'a virtualization platform (virtual machines)'],
  ['AppleScript|~Automator|PowerShell|AutoHotkey|~Raycast|Alfred app|Keyboard Maestro', 'a desktop automation tool (scripting and automating the computer)'],
  ['SurrealDB|EdgeDB|~Fauna|Xata|~Dolt|FileMaker|Db2', 'a database (storing and querying application data)'],
  ['Apache Iceberg|~Iceberg|Delta Lake|Apache Hudi|Apache Hive|~Athena|AWS Glue|Unity Catalog', 'a data lake platform (tables on object storage queried with SQL)'],
  ['~Kinesis|EventBridge|Google Pub/Sub|Azure Event Hubs|~Pusher|~Ably|Socket.IO', 'a real-time messaging service (event streams and publish/subscribe)'],
  ['UptimeRobot|Pingdom|StatusCake|Checkly|Better Uptime|Statuspage', 'an uptime monitoring service (website checks, status pages and alerts)'],
  ['Zabbix|Nagios|Netdata|Icinga|Checkmk', 'an infrastructure monitoring system (hosts, services and alerting)'],
  ['~Wiz|Prisma Cloud|~Lacework|Orca Security|~Tenable|Qualys|Rapid7', 'a cloud security platform (vulnerability and posture management)'],
  ['HackerOne|Bugcrowd|Intigriti', 'a bug bounty platform (vulnerability reports from security researchers)'],
  ['Have I Been Pwned|HIBP|AbuseIPDB|GreyNoise|AlienVault OTX|MISP|OpenCTI|ThreatFox', 'a threat intelligence service (indicators of compromise, breaches and malicious IPs)'],
  ['~Suricata|~Snort|~Zeek|osquery|~Falco|~Sigma rules', 'an intrusion detection system (network and host threat detection)'],
  ['GitGuardian|TruffleHog|Gitleaks|detect-secrets', 'a secret leak scanner (finding exposed credentials in code)', 'tool'],
  ['Vanta|Drata|Secureframe|OneTrust', 'a compliance automation platform (SOC 2, ISO 27001 and privacy compliance)'],
  ['Amadeus|~Sabre|~Duffel|FlightAware|Flightradar24', 'a travel and flight data service (flight search, bookings and tracking)'],
  ['Google Tasks|Microsoft To Do|Apple Reminders|~Fantastical', 'a task and reminder app (to-do lists and reminders)'],
  ['Feedly|Inoreader|RSS feed|RSS|Atom feed', 'a news feed reader (web feeds of news and blog updates)'],
  ['Materials Project|ChemSpider|Reactome|KEGG|STRING database|ClinVar|gnomAD|OMIM|Open Targets', 'a life science database (genes, pathways, variants and compounds)'],
  ['SNOMED CT|ICD-10|ICD-11|LOINC|RxNorm|~MeSH|UMLS', 'a clinical terminology (medical codes and concepts)'],
  ['Benchling|protocols.io|LabArchives|LabKey', 'a laboratory informatics platform (lab notebooks, samples and protocols)'],
  ['~Plex|Jellyfin|Emby|Kodi', 'a media server (personal movies, shows and music libraries)'],
  ['Last.fm|~Genius|Musixmatch|Podcast Index|Pocket Casts|~Audible|~Kindle|~Calibre', 'a music, podcast and book service (tracks, lyrics, podcasts and e-books)'],
  ['OBS Studio|~Twitch|Streamlabs', 'a live streaming tool (broadcasting and recording video)'],
  ['Philips Hue|Google Home|~Alexa|HomeKit|Tuya|ESPHome', 'a smart home platform (lights, sensors and connected devices)'],
  ['MQTT|Arduino|Raspberry Pi|Node-RED|ThingsBoard', 'an IoT platform (devices, sensors and IoT messaging)'],
  ['Minecraft|Roblox|Fortnite', 'a video game (players, worlds and game servers)'],
  ['PowerPoint|Microsoft PowerPoint|Google Slides|~Keynote', 'a presentation editor (slide decks)'],
  ['Microsoft Word|Word document|DOCX', 'a document editor (word processing documents)'],
  ['Apple Notes|Bear Notes|Craft Docs|Heptabase|Tana', 'a note-taking app (notes and notebooks)'],
  ['~Gong|Otter.ai|Fireflies.ai|~Fathom|tl;dv|~Granola', 'a meeting intelligence tool (call recordings, transcripts and meeting notes)'],
  ['Grammarly|LanguageTool|ProWritingAid|Hemingway Editor', 'a writing assistant (grammar, spelling and style checking)', 'tool'],
  ['Farcaster|Nostr|Lens Protocol', 'a decentralized social network (posts and follows on an open protocol)'],
  ['Frida|Binwalk|~Volatility|~Autopsy|Sleuth Kit', 'a digital forensics tool (memory, disk and binary analysis)'],
  ['Desmos|GeoGebra', 'a mathematics tool (graphing and geometry)'],
  ['Instacart|DoorDash|Uber Eats|Deliveroo', 'a delivery service (ordering food and groceries)'],
  ['~Yelp|Google Places|~Foursquare', 'a local business directory (places, reviews and ratings)'],
  ['Zillow|Redfin|Rightmove', 'a real estate listings service (homes for sale and rent)'],
  ['Ticketmaster|SeatGeek', 'an event ticketing service (concert and event tickets)'],
  ['ESPN|TheSportsDB|API-Football', 'a sports data service (scores, fixtures and statistics)'],
  ['~NASA|~NOAA|USGS|~Copernicus', 'a government science data service (space, weather and earth observation)'],
  ['GBIF|iNaturalist', 'a biodiversity database (species occurrences and observations)'],
  // Maps and geography
  ['Google Maps|Mapbox|OpenStreetMap|~HERE Maps|Nominatim', 'a maps service (geocoding, places and directions)'],
  ['ArcGIS|QGIS|PostGIS|GDAL', 'a geographic information system (geospatial data and analysis)'],
  // Research, science, scholarship
  ['PubMed|PubMed Central|Europe PMC', 'a biomedical literature database (searching medical research articles)'],
  ['arXiv|bioRxiv|medRxiv', 'a preprint server (scientific papers)'],
  ['DBLP', 'a computer science bibliography (publication and author records)'],
  ['Semantic Scholar|Google Scholar|OpenAlex|Crossref|Scopus|Web of Science', 'a scholarly literature search service (papers, citations and authors)'],
  ['Zotero|Mendeley|EndNote', 'a reference manager (citation management and bibliographies)'],
  ['UniProt|NCBI|GenBank|Ensembl|Protein Data Bank|RCSB PDB|AlphaFold DB', 'a bioinformatics database (genes, sequences and protein structures)'],
  ['PubChem|ChEMBL|RDKit|DrugBank', 'a cheminformatics resource (chemical compounds, molecules and drug data)'],
  ['ClinicalTrials.gov|FHIR|HL7|Epic EHR', 'a clinical health data resource (patient records and clinical trials)'],
  ['Wolfram Alpha|WolframAlpha|Mathematica|SymPy|MATLAB|~Maple', 'a mathematical computing system (symbolic computation and equations)'],
  ['Qiskit|Cirq|PennyLane', 'a quantum computing framework (quantum circuits)'],
  ['Lean 4|Lean prover|Coq|Isabelle', 'a proof assistant (formal theorem proving)'],
];

const WORD = /[\p{L}\p{N}]+/gu;

/** A name as the lower-case word sequence it is matched by ("Rocket.Chat" → rocket chat). */
function tokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** The gazetteer, read once. */
export const PRODUCTS: readonly Product[] = ROWS.map(([names, is, kind]) => {
  const list = names.split('|');
  return { names: list.map((n) => n.replace(/^~/, '')), is, tool: kind === 'tool' };
});

interface Entry {
  product: Product;
  /** The name as the gazetteer writes it. */
  name: string;
  /** The name's words, lower case. */
  words: readonly string[];
  /** An ordinary English word: in prose only capitalised. */
  word: boolean;
}

/** Names by their first word, longest first (so "Google Cloud Platform" wins over "Google Cloud"). */
const BY_FIRST_WORD: ReadonlyMap<string, readonly Entry[]> = (() => {
  const map = new Map<string, Entry[]>();
  ROWS.forEach(([names], i) => {
    for (const raw of names.split('|')) {
      const ws = tokens(raw);
      if (ws.length === 0) continue;
      const list = map.get(ws[0]!) ?? [];
      list.push({ product: PRODUCTS[i]!, name: raw.replace(/^~/, ''), words: ws, word: raw.startsWith('~') });
      map.set(ws[0]!, list);
    }
  });
  for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length);
  return map;
})();

/** Every name of the gazetteer as it writes it, and whether it is flagged as an ordinary word. */
export function productNames(): Array<{ name: string; word: boolean }> {
  return [...BY_FIRST_WORD.values()].flatMap((list) => list.map((e) => ({ name: e.name, word: e.word })));
}

/** A text a record says something in: prose (a description, a keyword) or an identifier (a name, a slug). */
export interface RecordText {
  text: string;
  identifier: boolean;
}

/** A product as one of a record's texts names it: the gazetteer's spelling of the name found. */
export interface ProductMention {
  product: Product;
  name: string;
}

/**
 * The products a record's texts name, each once, in the order first named, with the name that
 * named it first. In prose a name that is also an ordinary word counts only when written with a
 * capital letter; links are not read.
 */
export function productMentions(texts: readonly RecordText[]): ProductMention[] {
  const found: ProductMention[] = [];
  for (const { text, identifier } of texts) {
    // A link names where something is hosted ("pushed to https://github.com/…"), not what it is.
    const read = identifier ? text : text.replace(/\b(?:https?:\/\/|www\.)\S*/gi, ' ');
    const written = [...read.matchAll(WORD)].map((m) => m[0]);
    const lower = written.map((w) => w.toLowerCase());
    for (let i = 0; i < lower.length; i++) {
      for (const entry of BY_FIRST_WORD.get(lower[i]!) ?? []) {
        const n = entry.words.length;
        if (i + n > lower.length || entry.words.some((w, k) => lower[i + k] !== w)) continue;
        if (entry.word && !identifier && !/^\p{Lu}/u.test(written[i]!)) continue;
        if (!found.some((m) => m.product === entry.product)) found.push({ product: entry.product, name: entry.name });
        i += n - 1;
        break;
      }
    }
  }
  return found;
}

/** The products a record's texts name (see {@link productMentions}). */
export function productsNamed(texts: readonly RecordText[]): Product[] {
  return productMentions(texts).map((m) => m.product);
}

/**
 * The description a product adds to a record that names it: "Redis: a NoSQL database (…)", under
 * the name the record used (a row lists several products of one kind: a server for Amazon Polly
 * is described as Amazon Polly, not as the row's first name), else the product's first name.
 */
export function productDescription(product: Product, name: string = product.names[0]!): string {
  return `${name}: ${product.is}`;
}

/** What an agent record says in its own words: names and identifiers, then description and keywords. */
function recordTexts(c: Concept): RecordText[] {
  return [
    ...c.labels.map((l) => ({ text: l.text, identifier: true })),
    { text: c.localName, identifier: true },
    // A registry name's host ("io.github.redis/mcp-redis") is where it is published, not what it is.
    ...(c.record ? [{ text: c.record.provenance.recordId.replace(/^[^/]*\.(?=[^./]+\/)/, ''), identifier: true }] : []),
    ...c.definitions.map((text) => ({ text, identifier: false })),
    ...c.keywords.map((text) => ({ text, identifier: false })),
  ];
}

/** The products an agent record names, with the names found (none for a concept that is not an agent record). */
export function productsOfRecord(c: Concept): ProductMention[] {
  return c.record ? productMentions(recordTexts(c)) : [];
}
