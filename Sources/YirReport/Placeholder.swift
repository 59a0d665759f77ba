import YirCore
